/** The Business Central connection, read once at start from the environment (README: Configuration). */
export type BcConfig = {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  environment: string;
  companyId: string;
  /** BC_API_URL, default https://api.businesscentral.dynamics.com (no trailing slash). */
  apiUrl: string;
  /** BC_AUTH_URL, default https://login.microsoftonline.com. */
  authUrl: string;
  /** BC_CUSTOM_API: publisher/group/version of the custom API pages (franchises, transferOrders, postCodes). */
  customApi: string;
  /** BC_MAX_PAGE_SIZE: the page size asked with Prefer: odata.maxpagesize (default 1000). */
  maxPageSize: number;
  /** BC_TIMEOUT_MS: one request's time limit (default 30000). */
  timeoutMs: number;
};

export const BC_REQUIRED = [
  'BC_TENANT_ID',
  'BC_CLIENT_ID',
  'BC_CLIENT_SECRET',
  'BC_ENVIRONMENT',
  'BC_COMPANY_ID',
] as const;
export const BC_API_URL = 'https://api.businesscentral.dynamics.com';
export const BC_AUTH_URL = 'https://login.microsoftonline.com';
export const BC_CUSTOM_API = 'franchiseportal/pos/v1.0';

export class BcConfigError extends Error {
  override readonly name = 'BcConfigError';
}

/**
 * Reads ERP_MODE=business_central's variables. Everything wrong is said at once: each missing variable by name, a
 * URL that is not https (plain http only on this machine, for the test server), a bad number or custom API path.
 */
export function readBcConfig(env: Record<string, string | undefined>): BcConfig {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const problems: string[] = [];
  const missing = BC_REQUIRED.filter((n) => value(n) === undefined);
  if (missing.length) problems.push(`these environment variables are missing: ${missing.join(', ')}`);
  const url = (name: string, dflt: string) => {
    const raw = value(name) ?? dflt;
    try {
      const u = new URL(raw);
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
      if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback)) problems.push(`${name} must use https`);
    } catch {
      problems.push(`${name} "${raw}" is not a URL`);
    }
    return raw.replace(/\/+$/, '');
  };
  const int = (name: string, dflt: number, max: number) => {
    const raw = value(name);
    if (raw === undefined) return dflt;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n <= 0 || n > max) {
      problems.push(`${name} must be a whole number from 1 to ${max}`);
      return dflt;
    }
    return n;
  };
  const apiUrl = url('BC_API_URL', BC_API_URL);
  const authUrl = url('BC_AUTH_URL', BC_AUTH_URL);
  const customApi = (value('BC_CUSTOM_API') ?? BC_CUSTOM_API).replace(/^\/+|\/+$/g, '');
  if (!/^[\w.-]+\/[\w.-]+\/v\d+\.\d+$/.test(customApi))
    problems.push(`BC_CUSTOM_API "${customApi}" must be publisher/group/version, e.g. ${BC_CUSTOM_API}`);
  const maxPageSize = int('BC_MAX_PAGE_SIZE', 1000, 20_000);
  const timeoutMs = int('BC_TIMEOUT_MS', 30_000, 600_000);
  if (problems.length) throw new BcConfigError(`ERP_MODE=business_central: ${problems.join('; ')}.`);
  return {
    tenantId: value('BC_TENANT_ID')!,
    clientId: value('BC_CLIENT_ID')!,
    clientSecret: env.BC_CLIENT_SECRET!.trim(),
    environment: value('BC_ENVIRONMENT')!,
    companyId: value('BC_COMPANY_ID')!,
    apiUrl,
    authUrl,
    customApi,
    maxPageSize,
    timeoutMs,
  };
}
