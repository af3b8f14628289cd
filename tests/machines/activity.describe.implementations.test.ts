// @vitest-environment node
/**
 * The activity trail's values in words (src/machines/activity/describe.ts) when a field holds a
 * value of another type than the one it usually has: the entry still reads, as the value written
 * plainly, instead of failing or showing a date that never was.
 */
import { describe, expect, it } from 'vitest';
import { changeText, changesOf } from '../../src/machines/activity/describe';

describe('a value of an unexpected type', () => {
  it('a card brand that is not text is shown as written', () => {
    expect(changesOf(null, { brand: 42 }).map(changeText)).toEqual(['Brand: 42']);
    expect(changesOf({ brand: 'visa' }, { brand: 'amex' }).map(changeText)).toEqual(['Brand: VISA → AMEX']);
  });

  it('a scheduled change or deletion date that is not text is shown as written, not as a date', () => {
    expect(changesOf({ scheduledChangeAt: 20261120 }, null).map(changeText)).toEqual(['Changes on: 20261120']);
    expect(changesOf(null, { deletedAt: true }).map(changeText)).toEqual(['Deleted on: yes']);
  });
});
