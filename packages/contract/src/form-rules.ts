import type { z } from 'zod';

/**
 * One field of a contract schema as a form check (DEVELOPING.md "Form rules"): the web's antd adapter
 * (`apps/web/src/components/zod-rules.ts`) turns it into `rules`, so a form shows the contract's exact messages.
 */
export type FieldCheck = {
  /** The schema refuses an empty value (the form shows the asterisk). */
  required: boolean;
  /** The message for an empty required field. */
  requiredMessage: string | undefined;
  /** The first message the schema gives for a value, or undefined when it accepts it. */
  check: (value: unknown) => string | undefined;
};

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

type Def = { type: string; innerType?: z.ZodType; out?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape under optional/nullable/default/preprocess wrappers, or undefined for a non-object schema. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let s: z.ZodType | undefined = schema;
  for (let i = 0; s && i < 10; i++) {
    const def: Def = defOf(s);
    if (def.type === 'object') return def.shape;
    if (def.type === 'pipe') s = def.out && defOf(def.out).type === 'transform' ? def.in : def.out;
    else s = def.innerType;
  }
  return undefined;
}

/** The check of field `path` (a name or a nested path such as ['device_data', 'port']) of an object schema. */
export function fieldCheck(schema: z.ZodType, path: string | readonly string[]): FieldCheck {
  const keys = typeof path === 'string' ? [path] : path;
  const field = keys.reduce<z.ZodType | undefined>((s, key) => (s ? shapeOf(s)?.[key] : undefined), schema);
  if (!field) throw new Error(`fieldCheck: the schema has no field ${keys.join('.')}`);
  const empty = field.safeParse(undefined);
  const requiredMessage = empty.success ? undefined : empty.error.issues[0]?.message;
  return {
    required: !empty.success,
    requiredMessage,
    check: (value) => {
      if (isEmpty(value)) return empty.success ? undefined : requiredMessage;
      const r = field.safeParse(value);
      return r.success ? undefined : (r.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
