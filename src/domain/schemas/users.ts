/** The company's users as the plumber screens see them (spec 1 §7 Users; id = registration id). */
import { Type, type Static } from 'typebox';
import { Uuid, Nullable } from './common';

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

/** PUT /api/Users/userinformation. */
export const UserInformationBody = Type.Object({
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  displayName: Type.String({ maxLength: 100 }),
  telephone: Type.String({ maxLength: 20 }),
  /** The user's id (users.id, the token's subject) or registration id. */
  objectId: Type.String({ minLength: 1, maxLength: 100, description: 'The user id (uuid) or registration id' }),
});
export type UserInformationRequest = Static<typeof UserInformationBody>;
