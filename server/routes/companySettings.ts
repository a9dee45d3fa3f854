/**
 * Company settings and configuration (spec 3 §7): /api/Setting, /api/CompanyConfiguration. Shapes and
 * decisions: src/domain/schemas/companySettings.ts; rules: services/companySettings.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyConfigurationSchema, CompanyIdParam, CompanySettingList, CreateSettingsBody, DeleteSettingsBody, UpdateSettingsBody,
} from '../../src/domain/schemas/companySettings';
import { mutation } from './mutation';
import {
  createConfigurationCommand, createSettingsCommand, deleteSettingsCommand, getConfiguration, listSettings, updateConfigurationCommand, updateSettingsCommand,
} from '../services/companySettings';
import { errors, mutationErrors } from './schemas';

const tags = ['Settings'];

export async function companySettingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/Setting/companyid/:id', { schema: { tags, params: CompanyIdParam, response: { 200: CompanySettingList, ...errors } } },
    (req) => listSettings(app.context.db, req.user, req.params.id));
  r.post('/Setting', { schema: { tags, body: CreateSettingsBody, response: { 201: CompanySettingList, ...mutationErrors } } }, (req, reply) => mutation(req, reply, createSettingsCommand, req.body));
  r.put('/Setting', { schema: { tags, body: UpdateSettingsBody, response: { 200: CompanySettingList, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateSettingsCommand, req.body));
  r.delete('/Setting', { schema: { tags, body: DeleteSettingsBody, response: { 200: CompanySettingList, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteSettingsCommand, req.body));

  r.get('/CompanyConfiguration', { schema: { tags, response: { 200: CompanyConfigurationSchema, ...errors } } },
    (req) => getConfiguration(app.context.db, req.user));
  r.post('/CompanyConfiguration', { schema: { tags, body: CompanyConfigurationSchema, response: { 201: CompanyConfigurationSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, createConfigurationCommand, req.body));
  r.put('/CompanyConfiguration', { schema: { tags, body: CompanyConfigurationSchema, response: { 200: CompanyConfigurationSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateConfigurationCommand, req.body));
}
