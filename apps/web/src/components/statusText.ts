import i18n from '../i18n';

/**
 * A document status as the user reads it: `status.<code>` of en.json / vi.json ("partial_delivered" → "Partial
 * Delivered" / "Giao một phần"); a code with no key shows in Title Case.
 */
export const statusText = (s: string) =>
  i18n.t(`status.${s}`, {
    defaultValue: s
      .split('_')
      .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
      .join(' '),
  });
