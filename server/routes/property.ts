/** Cadastre lookups, scoped to the user's customer; shapes are documented in services/property.ts. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  buildingsOf, housingUnit, housingUnitsOf, matrikkelenhetPosition, matrikkelIdenter, parseTargets, propertyName,
  propertyOwners, searchAddresses, sectionedProperties, subProperties,
} from '../services/property';
import {
  AddressSearchResultSchema, BigId, BigIdParam, BuildingUnitSchema, errors, LocationSchema, Nullable, NrParam, SectionedPropertiesSchema,
  SubPropertiesSchema,
} from './schemas';

const tags = ['Property'];

export async function propertyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/Property/search', {
    schema: {
      tags,
      querystring: Type.Object({
        q: Type.String({ minLength: 1, maxLength: 200 }),
        targets: Type.Optional(Type.String({ description: 'Comma list of PropertyUnit, StreetAddress, Street; all when absent' })),
      }),
      response: { 200: Type.Array(AddressSearchResultSchema), ...errors },
    },
  }, (req) => searchAddresses(app.context.db, req.user, req.query.q, parseTargets(req.query.targets)));

  r.get('/Property/sectionedproperties/:addressId', {
    schema: { tags, params: Type.Object({ addressId: BigId() }), response: { 200: SectionedPropertiesSchema, ...errors } },
  }, (req) => sectionedProperties(app.context.db, req.user, req.params.addressId));

  r.get('/Property/subproperties', {
    schema: { tags, querystring: Type.Object({ unikMatrikkelenhetsId: Type.String({ minLength: 1 }) }), response: { 200: SubPropertiesSchema, ...errors } },
  }, (req) => subProperties(app.context.db, req.user, req.query.unikMatrikkelenhetsId.split(',')));

  r.get('/Property/matrikkelenhet/:nr', {
    schema: { tags, params: NrParam, response: { 200: Type.Object({ posisjon: Nullable(LocationSchema) }), ...errors } },
  }, (req) => matrikkelenhetPosition(app.context.db, req.user, req.params.nr));

  r.get('/Property/matrikkelnumber/:nr', {
    schema: {
      tags, params: NrParam,
      response: { 200: Type.Object({ matrikkelidenter: Type.Array(Type.Object({ matrikkelid: Type.Integer(), matrikkelnummer: Type.String() })) }), ...errors },
    },
  }, (req) => matrikkelIdenter(app.context.db, req.user, req.params.nr));

  r.get('/Property/housingunit/:id', { schema: { tags, params: BigIdParam, response: { 200: BuildingUnitSchema, ...errors } } },
    (req) => housingUnit(app.context.db, req.user, req.params.id));

  r.get('/Property/housingunits/matrikkelnr/:nr', { schema: { tags, params: NrParam, response: { 200: Type.Array(BuildingUnitSchema), ...errors } } },
    (req) => housingUnitsOf(app.context.db, req.user, req.params.nr));

  r.get('/Property/propertyId/:id', {
    schema: { tags, params: BigIdParam, response: { 200: Type.Object({ id: Type.Integer(), name: Type.String(), matrikkelNummer: Type.String() }), ...errors } },
  }, (req) => propertyName(app.context.db, req.user, req.params.id));

  r.get('/Property/buildings/matrikkelnr/:nr', {
    schema: {
      tags, params: NrParam,
      response: { 200: Type.Array(Type.Object({ buildingId: Type.Integer(), housingUnits: Type.Array(BuildingUnitSchema) })), ...errors },
    },
  }, (req) => buildingsOf(app.context.db, req.user, req.params.nr));

  r.get('/Property/owners/:matrikkelenhetId', {
    schema: {
      tags, params: Type.Object({ matrikkelenhetId: BigId() }),
      response: { 200: Type.Array(Type.Object({ id: Nullable(Type.Integer()), name: Type.String() })), ...errors },
    },
  }, (req) => propertyOwners(app.context.db, req.user, req.params.matrikkelenhetId));
}
