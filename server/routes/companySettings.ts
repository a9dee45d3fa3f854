/**
 * Company settings and configuration (spec 3 §7): /api/Setting, /api/CompanyConfiguration. Shapes and
 * decisions: src/domain/schemas/companySettings.ts; rules: services/companySettings.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompanyConfigurationSchema, CompanyIdParam, CompanySettingList, CreateSettingsBody, DeleteSettingsBody, UpdateSettingsBody,
} from '../../src/domain/schemas/companySettings';
import { runMutation } from './mutation';
import {
  createConfiguration, createSettings, deleteSettings, getConfiguration, listSettings, updateConfiguration, updateSettings,
} from '../services/companySettings';
import { errors, mutationErrors } from './schemas';

const tags = ['Settings'];

export async function companySettingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/Setting/companyid/:id', { schema: { tags, params: CompanyIdParam, response: { 200: CompanySettingList, ...errors } } },
    (req) => listSettings(app.db, req.user, req.params.id));
  r.post('/Setting', { schema: { tags, body: CreateSettingsBody, response: { 201: CompanySettingList, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 201, body: await createSettings(w, req.user, req.body) }));
  });
  r.put('/Setting', { schema: { tags, body: UpdateSettingsBody, response: { 200: CompanySettingList, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 200, body: await updateSettings(w, req.user, req.body) }));
  });
  r.delete('/Setting', { schema: { tags, body: DeleteSettingsBody, response: { 200: CompanySettingList, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 200, body: await deleteSettings(w, req.user, req.body) }));
  });

  r.get('/CompanyConfiguration', { schema: { tags, response: { 200: CompanyConfigurationSchema, ...errors } } },
    (req) => getConfiguration(app.db, req.user));
  r.post('/CompanyConfiguration', { schema: { tags, body: CompanyConfigurationSchema, response: { 201: CompanyConfigurationSchema, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 201, body: await createConfiguration(w, req.user, req.body) }));
  });
  r.put('/CompanyConfiguration', { schema: { tags, body: CompanyConfigurationSchema, response: { 200: CompanyConfigurationSchema, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 200, body: await updateConfiguration(w, req.user, req.body) }));
  });
}
