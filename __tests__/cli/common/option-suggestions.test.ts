import { describe, expect, it } from '@jest/globals';
import {
  editDistance,
  nearest,
  unknownOptions,
  unknownOptionsMessage,
} from '../../../src/cli/common/option-suggestions.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('description', 'description')).toBe(0);
    expect(editDistance('descripton', 'description')).toBe(1);
    expect(editDistance('desc', 'description')).toBe(7);
    expect(editDistance('paginaet', 'paginate')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('nearest', () => {
  it('finds the closest candidate within a third of the word', () => {
    expect(nearest('descripton', ['debug', 'description', 'dedup-key'])).toBe('description');
    expect(nearest('sevrity', ['severity', 'source'])).toBe('severity');
  });

  it('suggests nothing for a word far from every candidate', () => {
    expect(nearest('colour', ['routing-key', 'json', 'debug'])).toBeUndefined();
  });
});

describe('unknownOptions', () => {
  const known = new Set(['description', 'debug', 'k', 'routing-key', 'port']);

  it('names long and short options the command does not know, as written', () => {
    expect(unknownOptions(['--descripton=x', '-k', 'K', '-z', '--debug'], known)).toEqual(['--descripton', '-z']);
  });

  it('takes --no-NAME for a known NAME, and skips values, numbers, "-" and everything after "--"', () => {
    expect(unknownOptions(['--no-debug', 'value', '--port', '-1', '-', '--', '--anything'], known)).toEqual([]);
  });
});

describe('unknownOptionsMessage', () => {
  it('adds the nearest long option to each unknown one', () => {
    expect(unknownOptionsMessage(['--descripton', '-z'], ['description', 'debug'])).toBe(
      'unknown options --descripton (did you mean --description?), -z',
    );
  });
});
