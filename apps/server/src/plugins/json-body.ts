import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** A JSON escape of a UTF-16 surrogate (`\uD800`–`\uDFFF`): the only way a body can carry one. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** A surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const LONE_SURROGATE_MESSAGE =
  'Holds a lone UTF-16 surrogate (an unpaired \\uD800–\\uDFFF), which is not text and cannot be stored';

/** The path (`card.labels.0`) of the first key or string holding a lone surrogate, or null. */
export function loneSurrogatePath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') {
    return LONE_SURROGATE.test(value) ? path.join('.') || '_' : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return [...path, key].join('.');
    const found = loneSurrogatePath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Fastify's own JSON parser (same limits, same refusal of `__proto__` and `constructor` keys),
 * plus one check: a string or key that holds a lone surrogate is a 400 naming the field. Such a
 * text is valid JSON but not Unicode: a text column would silently store U+FFFD in its place and
 * a JSON column refuses it (a 500). The walk only runs when the raw body has a `\uD8xx` escape.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (SURROGATE_ESCAPE.test(text)) {
        const field = loneSurrogatePath(value);
        if (field !== null) {
          return done(
            new AppError('VALIDATION_FAILED', `${field}: ${LONE_SURROGATE_MESSAGE}`, {
              [field]: [LONE_SURROGATE_MESSAGE],
            }),
            undefined,
          );
        }
      }
      done(null, value);
    });
  });
}
