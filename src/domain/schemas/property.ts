/**
 * Cadastre lookups (spec 1 §3, §7 Property), answered from the customer's properties, addresses and
 * housing units; services/property.ts documents each call.
 */
import { Type, type Static } from 'typebox';
import { LocationSchema, Nullable } from './common';

/** GET /api/Property/search. addressId null for a property unit or street; a street carries only its name. */
export const AddressSearchResultSchema = Type.Object({
  addressText: Type.String(),
  addressId: Nullable(Type.Integer()),
  matrikkelenhetId: Nullable(Type.Integer()),
  matrikkelNummer: Nullable(Type.String()),
  location: Nullable(LocationSchema),
  /** AddressResultType: PropertyUnit, StreetAddress or Street. */
  type: Type.String(),
});
export type AddressSearchResult = Static<typeof AddressSearchResultSchema>;

/** An owner as the cadastre gives it (upper case; id null for some). */
export const OwnerSchema = Type.Object({ id: Nullable(Type.Integer()), navn: Type.String() });
export type Owner = Static<typeof OwnerSchema>;

/** GET /api/Property/sectionedproperties/{addressId}. */
export const SectionedPropertiesSchema = Type.Object({
  gateAdresse: Type.Object({
    adresseId: Type.Integer(),
    adresseMatrikkelenhetId: Type.Integer(),
    bruksenheter: Type.Array(Type.Object({
      unikMatrikkelenhetId: Type.String(),
      matrikkelenhetId: Type.Integer(),
      bruksenhetId: Type.Integer(),
      bruksenhetsnummer: Type.String(),
    })),
  }),
});
export type SectionedProperties = Static<typeof SectionedPropertiesSchema>;

/** GET /api/Property/subproperties?unikMatrikkelenhetsId=a,b. */
export const SubPropertiesSchema = Type.Object({
  infoForMatrikkelenhet: Type.Array(Type.Object({
    unikid: Type.String(),
    matrikkelnr: Type.String(),
    matrikkelenhetId: Type.Integer(),
    eierforhold: Type.Array(OwnerSchema),
  })),
});
export type SubProperties = Static<typeof SubPropertiesSchema>;

/** A building unit (bruksenhet): spec 1 §3 "Building unit". */
export const BuildingUnitSchema = Type.Object({
  bruksenhetsId: Type.Integer(),
  bruksenhetsnummer: Type.String(),
  address: Type.String(),
  addressId: Type.Integer(),
  buildingId: Nullable(Type.Integer()),
  typeCode: Type.String(),
  statusCode: Type.String(),
  matrikkelenhetId: Type.Integer(),
  matrikkelNummer: Type.String(),
  location: Nullable(LocationSchema),
});
export type BuildingUnit = Static<typeof BuildingUnitSchema>;
