import { describe, expect, it } from 'vitest';
import { removeEventBody, updateEventBody, updateTaskBody } from '@/lib/validations/apps';
import { bodyIdSchema, funderIdParam, idParam } from '@/lib/validations/common';
import { productIdBody } from '@/lib/validations/ecommerce';

describe('ids in JSON bodies', () => {
  it.each([
    [1, 1],
    [42, 42],
    ['7', 7],
  ])('body id %j is %j', (input, id) => {
    expect(bodyIdSchema.parse(input)).toBe(id);
  });

  it.each([true, false, null, undefined, 0, -1, 1.5, '', ' 1', '1e1', '0x10', '-3', [1], { id: 1 }, Number.NaN])(
    'body id %j is refused (a boolean is never an id)',
    (input) => {
      expect(bodyIdSchema.safeParse(input).success).toBe(false);
    },
  );

  it('refuses a boolean task id in update-task (it was read as task 1)', () => {
    const result = updateTaskBody.safeParse({ task: { id: true, isCompleted: true } });
    expect(result.success).toBe(false);
  });

  it.each([
    ['calendar update-event', updateEventBody, { event: { id: true, title: 'x' } }],
    ['calendar remove-event', removeEventBody, { id: true }],
    ['wishlist and cart', productIdBody, { productId: true }],
  ])('refuses a boolean id in %s', (_name, schema, body) => {
    expect(schema.safeParse(body).success).toBe(false);
  });
});

describe('ids in query strings and path segments', () => {
  it.each([
    ['1', 1],
    ['0042', 42],
  ])('query id %j is %j', (input, id) => {
    expect(idParam.parse(input)).toBe(id);
  });

  it.each(['', '0', ' 1', '1e1', '0x10', '-1', '1.0', 'true', 'abc', '99999999999999999'])('query id %j is refused', (input) => {
    expect(idParam.safeParse(input).success).toBe(false);
  });

  it('funder id defaults to 1 and refuses what z.coerce would have accepted', () => {
    expect(funderIdParam.parse(undefined)).toBe(1);
    expect(funderIdParam.parse('2')).toBe(2);
    expect(funderIdParam.safeParse('1e0').success).toBe(false);
  });
});
