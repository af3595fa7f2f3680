import { businessYear, messages, numberSeriesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { badRequest } from '../../http/errors.js';
import { assertFranchiseVisible, getFranchise } from '../franchises/service.js';
import { generateNumberSeries, numberSeriesList } from './service.js';
import { numberSeries as numberSeriesTable } from './schema.js';

// Number series are managed on the franchise screens.

export function numberSeriesRoutes(r: Router) {
  listRoute(r, numberSeriesApi.list, {
    spec: numberSeriesList,
    scope: (s) => s.franchise(numberSeriesTable.franchise_code),
    sheet: 'Number Series',
    columns: [
      { key: 'franchise_code', header: 'Franchise Code' },
      { key: 'franchise_name', header: 'Franchise Name', width: 30 },
      { key: 'document_type', header: 'Document Type' },
      { key: 'document_type_name', header: 'Description', width: 22 },
      { key: 'year', header: 'Year' },
      { key: 'last_used_no', header: 'Last No. Used', width: 24 },
      { key: 'next_no', header: 'Next No.', width: 24 },
      { key: 'last_date', header: 'Last Date Used', format: 'date' },
    ],
  });
  r.route(numberSeriesApi.generate, async ({ body, query, auth, services }) => {
    // calls.md 7.6: franchise_code may come in the query as well as the body.
    const code = (body.franchise_code || query.franchise_code || '').toUpperCase();
    if (!code) throw badRequest(messages.required, 'franchise_code');
    const year =
      typeof body.year === 'number' ? body.year : typeof query.year === 'number' ? query.year : businessYear();
    assertFranchiseVisible(auth, code);
    return services.db.transaction(async (tx) => {
      await getFranchise(tx, code);
      return generateNumberSeries(tx, { franchiseCode: code, year });
    });
  });
}
