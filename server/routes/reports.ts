/**
 * The completed-jobs status report (spec 3 §7): /api/Reports, admin only. Shapes and paging are
 * described in src/domain/schemas/reports.ts. The spreadsheet streams: headers go out once the range
 * is known to hold rows, then the workbook is written as the rows are read.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { reportFileName } from '../../src/domain/reports/range';
import { ReportPageSchema, ReportQuery, ReportRowSchema, ReportSpreadsheetQuery } from '../../src/domain/schemas/reports';
import { reportList, reportPage } from '../services/reports/list';
import { openSpreadsheet, XLSX_CONTENT_TYPE } from '../services/reports/spreadsheet';
import { errors } from './schemas';

const tags = ['Reports'];

/** RFC 6266/5987: an ASCII fallback name plus the exact UTF-8 name (the å) in filename*. */
function contentDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/Reports/ReconciliationReport', {
    schema: { tags, querystring: ReportQuery, response: { 200: Type.Union([Type.Array(ReportRowSchema), ReportPageSchema]), ...errors } },
  }, (req) => (req.query.page !== undefined || req.query.pageSize !== undefined
    ? reportPage(app.context.db, req.user, req.query)
    : reportList(app.context.db, req.user, req.query)));

  r.get('/Reports/ReconciliationReportSpreadsheet', {
    schema: {
      tags, querystring: ReportSpreadsheetQuery,
      response: { 200: Type.Unsafe({ type: 'string', format: 'binary', description: 'The .xlsx file' }), ...errors },
    },
  }, async (req, reply) => {
    const body = await openSpreadsheet(app.context.db, req.user, req.query, (err) => req.log.error({ err }, 'report spreadsheet failed'));
    return reply
      .header('content-disposition', contentDisposition(reportFileName(new Date())))
      .header('cache-control', 'no-store')
      .type(XLSX_CONTENT_TYPE)
      .send(body);
  });
}
