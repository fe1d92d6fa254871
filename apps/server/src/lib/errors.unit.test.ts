import { describe, expect, it } from 'vitest';
import { errorCodes } from '@beacon/contract';
import { AppError, errorStatus, fieldError, notFound } from './errors.ts';

describe('AppError', () => {
  it('takes its status from the code, through the one table', () => {
    expect(new AppError('CONFLICT', 'Taken').status).toBe(409);
    expect(new AppError('PAYLOAD_TOO_LARGE', 'Too big').status).toBe(413);
    expect(new AppError('NOT_READY', 'Later').status).toBe(503);
    expect(notFound().status).toBe(404);
  });

  it('has a status for every code of the contract, each an HTTP error status', () => {
    for (const code of errorCodes) {
      expect(errorStatus[code], code).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code], code).toBeLessThan(600);
    }
  });

  it('fieldError names the field in the detail and in errors', () => {
    const error = fieldError('end', 'The end cannot be before the start');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.detail).toBe('end: The end cannot be before the start');
    expect(error.errors).toEqual({ end: ['The end cannot be before the start'] });
  });
});
