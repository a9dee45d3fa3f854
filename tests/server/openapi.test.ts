/** The OpenAPI document (issue 7 "Operations"): the whole API, from the route schemas, public, with a readable page. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('describes every signed-in and public /api route the server has, with its schemas, and nothing else', async () => {
    const res = await fetch(`${t.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json() as { openapi: string; paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.toLowerCase()}`)));
    const routes = t.app.routeTable.filter((r) => /^\/api\//i.test(r.url) && r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json');
    const missing = routes.map((r) => `${r.method} ${toOpenApiPath(r.url).toLowerCase()}`).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
    expect([...documented].filter((k) => !k.includes(' /api/'))).toEqual([]);
    // Schemas come along: the job list's query and the note's bounds.
    const page = doc.paths['/api/Jobs/GetJobsPage'].get;
    expect(JSON.stringify(page.parameters)).toContain('pageSize');
    expect(JSON.stringify(doc.paths['/api/Jobs'].put.requestBody)).toContain('maxLength');
    expect(Object.keys(doc.paths['/api/jobs/{id}'].get.responses ?? {})).toEqual(expect.arrayContaining(['200', '404']));
  });

  it('is a valid OpenAPI 3.1 document, by a validator we did not write (@seriousme/openapi-schema-validator)', async () => {
    const doc = await (await fetch(`${t.baseUrl}/api/openapi.json`)).json() as Record<string, unknown>;
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    // 3.1's schemas are JSON Schema 2020-12, which the OpenAPI schema leaves open: its keywords are checked here.
    const draft07Only: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) { node.forEach((n, i) => walk(n, `${where}/${i}`)); return; }
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if ('additionalItems' in o || Array.isArray(o.items) || 'nullable' in o
        || typeof o.exclusiveMinimum === 'boolean' || typeof o.exclusiveMaximum === 'boolean') draft07Only.push(where);
      for (const [k, v] of Object.entries(o)) if (!['example', 'examples', 'enum', 'const'].includes(k)) walk(v, `${where}/${k}`);
    };
    walk(doc, '#');
    expect(draft07Only).toEqual([]);
    // The tuple of a polygon's corner survives as 2020-12's prefixItems.
    expect(JSON.stringify(doc)).toContain('"prefixItems"');
  });

  it('serves a readable page, without a token', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs/`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('swagger-ui');
    // and the API itself still wants one
    expect((await fetch(`${t.baseUrl}/api/Jobs`)).status).toBe(401);
  });
});
