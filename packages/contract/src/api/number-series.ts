import { numberSeries, numberSeriesGenerate, numberSeriesGenerateResult } from '../number-series.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { numberSeriesOps } from '../ops/number-series.js';

/** numberSeries: the schemas of each operation, keyed like numberSeriesOps. */
export const numberSeriesSchemas = {
  list: { item: numberSeries },
  generate: { query: numberSeriesGenerate, body: numberSeriesGenerate, response: numberSeriesGenerateResult },
} satisfies SchemasOf<typeof numberSeriesOps>;

/** numberSeries: meta and schemas of each operation, as the server registers them. */
export const numberSeriesApi = joinOps(numberSeriesOps, numberSeriesSchemas);
