// npm run gen:routes: writes packages/contract/src/ops/routes.gen.ts from the operation table.
import fs from 'node:fs';
import { renderWebRoutes } from './web-routes.js';

const file = new URL('./routes.gen.ts', import.meta.url);
fs.writeFileSync(file, renderWebRoutes());
console.log(`wrote ${file.pathname}`);
