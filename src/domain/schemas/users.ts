/** The company's users as the plumber screens see them (spec 1 §7 Users; id = registration id). */
import { Type, type Static } from 'typebox';
import { Uuid, Nullable } from './common';
import { BASE_LATITUDE_RANGE, BASE_LONGITUDE_RANGE } from '../settings/company';

/** A plumber's own base, ours (issue 24 §4): degrees (WGS 84) inside the company base's ranges; null is none. */
const BaseLatitude = Nullable(Type.Number({
  minimum: BASE_LATITUDE_RANGE.min, maximum: BASE_LATITUDE_RANGE.max,
  description: `Ours: the latitude of the plumber's own base, where their days start and end (over the company's); ${BASE_LATITUDE_RANGE.min}–${BASE_LATITUDE_RANGE.max}, null: none`,
}));
const BaseLongitude = Nullable(Type.Number({
  minimum: BASE_LONGITUDE_RANGE.min, maximum: BASE_LONGITUDE_RANGE.max,
  description: `Ours: the longitude of the plumber's own base; ${BASE_LONGITUDE_RANGE.min}–${BASE_LONGITUDE_RANGE.max}, null: none. Set together with baseLatitude or not at all`,
}));

export const PlumberSchema = Type.Object({
  id: Type.Integer(),
  userId: Uuid,
  firstName: Type.String(),
  lastName: Type.String(),
  displayName: Type.String(),
  telephone: Nullable(Type.String()),
  email: Type.String(),
  userStatus: Type.Integer(),
  registeredDate: Type.String(),
  isActive: Type.Boolean(),
  plumberInitials: Type.String(),
  roleId: Type.Integer(),
  gdprConsent: Type.Boolean(),
  /** Ours: the plumber's own base (both or neither), over the company's; absent from older copies. */
  baseLatitude: Type.Optional(BaseLatitude),
  baseLongitude: Type.Optional(BaseLongitude),
});
export type Plumber = Static<typeof PlumberSchema>;

/** Both spellings the spec uses (userStatus/UserStatus, RoleId/roleId) are accepted. */
export const UsersQuery = Type.Object({
  userStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  UserStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  RoleId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  roleId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
});
export type UsersQuery = Static<typeof UsersQuery>;

/** PUT /api/Users: approve, reject, activate, deactivate (admin). */
export const UserStatusBody = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Registration id' }),
  status: Type.Integer({ minimum: 1, maximum: 4, description: 'Activated 2 (approve/activate), Rejected 3, Deactivated 4' }),
});
export type UserStatusRequest = Static<typeof UserStatusBody>;

/**
 * PUT /api/Users/userinformation. Ours: baseLatitude and baseLongitude, an admin's only, both or
 * neither (both null clears the plumber's base); absent, the base is left as it is.
 */
export const UserInformationBody = Type.Object({
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  displayName: Type.String({ maxLength: 100 }),
  telephone: Type.String({ maxLength: 20 }),
  /** The user's id (users.id, the token's subject) or registration id. */
  objectId: Type.String({ minLength: 1, maxLength: 100, description: 'The user id (uuid) or registration id' }),
  baseLatitude: Type.Optional(BaseLatitude),
  baseLongitude: Type.Optional(BaseLongitude),
});
export type UserInformationRequest = Static<typeof UserInformationBody>;
