// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PHONE_INVALID_MESSAGE, formatPhone, isValidPhone, normalizePhone } from '../../../src/domain/phone';

describe('normalizePhone (SPEC §5)', () => {
  it.each([
    ['5551234567', '+15551234567'],
    ['(555) 123-4567', '+15551234567'],
    ['555.123.4567', '+15551234567'],
    ['15551234567', '+15551234567'],
    ['1 (555) 123-4567', '+15551234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 555 123 4567', '+15551234567'],
    ['25551234567', '+125551234567'],
    ['12345', '+112345'],
    ['', '+1'],
    ['abc', '+1'],
    ['555+1234567', '+1555+1234567'],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each(['+15551234567', '+12', '+442079460958', '+123456789012345'])('accepts %s', (value) => {
    expect(isValidPhone(value)).toBe(true);
  });
  it.each(['+1', '+05551234567', '5551234567', '+1234567890123456', '+1555+1234567', '+1 555', ''])('refuses %j', (value) => {
    expect(isValidPhone(value)).toBe(false);
  });
  it('has the SPEC message', () => {
    expect(PHONE_INVALID_MESSAGE).toBe('Please enter a valid phone number (e.g., 5551234567 or +15551234567)');
  });
});

describe('formatPhone', () => {
  it.each([
    ['+15551234567', '+1 (555) 123-4567'],
    ['5551234567', '+1 (555) 123-4567'],
    ['(555) 123-4567', '+1 (555) 123-4567'],
    ['15551234567', '+1 (555) 123-4567'],
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
  it.each(['+442079460958', '+112345', '', 'n/a', '+25551234567'])('leaves %j unchanged', (value) => {
    expect(formatPhone(value)).toBe(value);
  });
});
