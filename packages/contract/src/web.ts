// `@fp/contract/web`: the zod-free part of the contract for the web app's shell, layouts, login, home, components
// and i18n (messages, formats, toasts, constants and option lists, list constants, the route table). Importing it
// never pulls zod into the first load; screens (loaded per route) may import the full `@fp/contract`.
// Only zod-free files may be re-exported here (web.test.ts walks the imports); types from other files are fine
// as `import type` from '@fp/contract', they vanish from the build.
export * from './messages.js';
export * from './format.js';
export * from './business-date.js';
export * from './toast.js';
export * from './constants.js';
export * from './pages.js';
export * from './list-options.js';
export * from './app-routes.js';
export * from './buttons.js';
export * from './einvoice-messages.js';
// machines.ts is zod-free too, but the document screens import it by its own path (`@fp/contract/machines`): through
// this barrel its tables would be placed in the first load's shared chunk once a screen uses them.
