import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './storable-input.js';

describe('findUnstorableText', () => {
  it('names the first string or key no database can store, however deep', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findUnstorableText({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(findUnstorableText('\udc00')).toBe('');
    expect(findUnstorableText({ fine: ['👨‍👩‍👧', 'e\u0301', 1, null, true] })).toBeNull();
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(findUnstorableText(deep)).toMatch(/^(0\.){99999}0$/);
  });
});
