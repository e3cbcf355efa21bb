import fc from 'fast-check';
import { type ZodType, z } from 'zod';

/**
 * fast-check arbitraries derived from a route's zod schema through its JSON Schema (zod's own
 * `toJSONSchema`, input side): types, enums and consts, patterns, formats, lengths, bounds, required and
 * optional properties, unions. Refinements JSON Schema cannot express are left to the caller, which checks
 * each value with the zod schema itself.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
};

export function jsonSchemaOf(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
}

const MAX_DEPTH = 4;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  if (schema.pattern) {
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // fast-check cannot generate from every regex (lookaheads): plain strings then; the caller's zod
      // check counts how many of them the route would accept.
      return fc.string({ minLength: min, maxLength: max });
    }
    // Lengths and patterns both bind; prefer strings of the right length, but never loop forever.
    // Too short: repeat the match (right for the usual `^[class]+$` shapes); too long: cut it. A value this
    // breaks is still sent, and counted as not accepted by the caller's zod check.
    return matching.map((value) => {
      let sized = value;
      while (sized.length > 0 && sized.length < min) sized += value;
      return schema.maxLength === undefined ? sized : sized.slice(0, schema.maxLength);
    });
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((value) => value.length <= (schema.maxLength ?? 254));
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
  }
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : schema.minimum;
  const upper =
    schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : schema.maximum;
  if (integer) {
    return fc.integer({
      min: Math.max(lower ?? -1_000_000, Number.MIN_SAFE_INTEGER),
      max: Math.min(upper ?? 1_000_000, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({
    min: lower ?? -1_000_000,
    max: upper ?? 1_000_000,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** An arbitrary of values `schema` accepts (`root` resolves `$ref`s into its `$defs`). */
export function arbitraryOf(schema: JsonSchema, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    const target = root.$defs?.[name];
    if (!target || depth >= MAX_DEPTH) return fc.constant(null);
    return arbitraryOf(target, root, depth + 1);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => arbitraryOf(option, root, depth + 1)));
  if (schema.allOf) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, root, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems)
        return fc.tuple(...schema.prefixItems.map((item) => arbitraryOf(item, root, depth + 1)));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 4, minLength + 4);
      if (depth >= MAX_DEPTH) return fc.constant([]);
      return fc.array(arbitraryOf(schema.items ?? {}, root, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        record[name] = arbitraryOf(property, root, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/** A value of the wrong JSON type for `schema` (a string where a number goes, an object where a string goes). */
export function wrongTypeOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.constantFrom<unknown>(12345, true, { nested: 'x' }, [1, 2]);
    case 'integer':
    case 'number':
      return fc.constantFrom<unknown>('not-a-number', true, { n: 1 }, [3], 1.5e308 * 10);
    case 'boolean':
      return fc.constantFrom<unknown>('yes', 2, { b: true });
    case 'array':
      return fc.constantFrom<unknown>('list', 4, { length: 1 });
    case 'object':
      return fc.constantFrom<unknown>('object', 5, [null], true);
    default:
      return fc.constantFrom<unknown>({ deep: { deeper: [Number.NaN] } }, 'x'.repeat(50_000));
  }
}

/** The top-level properties of an object schema (through `$ref`, unions and intersections, best effort). */
export function propertiesOf(schema: JsonSchema, root: JsonSchema = schema): Record<string, JsonSchema> {
  if (schema.$ref) {
    const target = root.$defs?.[schema.$ref.split('/').pop() ?? ''];
    return target ? propertiesOf(target, root) : {};
  }
  const merged: Record<string, JsonSchema> = { ...(schema.properties ?? {}) };
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    Object.assign(merged, propertiesOf(part, root));
  }
  return merged;
}
