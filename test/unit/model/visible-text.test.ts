/**
 * The one rule for invisible characters in names (src/lib/model/visible-text.ts), issue 48 §5: the
 * whole Default_Ignorable_Code_Point and Cf sets, C0/C1 controls, and the Braille blank, checked
 * against the engine's own Unicode tables over every code point.
 */
import { describe, expect, it } from 'vitest';
import { normalizeVisibleText, stripInvisibleCharacters } from '../../../src/lib/model/visible-text.ts';

/** Every code point but the surrogates, in texts of 4,096 (a call takes that many arguments). */
function* everyCodePoint(): Generator<string> {
  for (let start = 0; start < 0x110000; start += 4096) {
    const points = Array.from({ length: 4096 }, (_, i) => start + i).filter((p) => p < 0xd800 || p > 0xdfff);
    if (points.length > 0) yield String.fromCodePoint(...points);
  }
}

describe('visible text', () => {
  it('drops the interlinear annotation marks and every other format character (Cf)', () => {
    for (const char of ['\ufff9', '\ufffa', '\ufffb', '\u0600', '\u06dd', '\u070f', '\u08e2', '\u{110bd}', '\u{1d173}'])
      expect(stripInvisibleCharacters(`Fla${char}mengo`), char.codePointAt(0)?.toString(16)).toBe('Flamengo');
  });

  it('reads the Braille blank U+2800 as a space: trimmed, and a name of blanks alone is empty', () => {
    expect(normalizeVisibleText('\u2800São\u2800Paulo\u2800')).toBe('São Paulo');
    expect(normalizeVisibleText('\u2800\u2800\ufff9')).toBe('');
  });

  it('leaves no code point of either set, nor a control, in any text', () => {
    const invisible = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2800]/u;
    const left = [...everyCodePoint()].filter((text) => invisible.test(stripInvisibleCharacters(text)));
    expect(left).toEqual([]);
  });

  it('keeps what a reader sees: accents, symbols, emoji with their joiners gone only', () => {
    expect(normalizeVisibleText('  Atlético-MG   ⚽ Grêmio ')).toBe('Atlético-MG ⚽ Grêmio');
    expect(stripInvisibleCharacters('Vitória\u0301')).toBe('Vitória\u0301');
  });
});
