// What may reach a terminal: which bytes form valid UTF-8, and which code
// points a terminal acts on instead of showing. One rule for the launcher
// (which masks) and the compiler (which escapes). Freestanding: no includes.
#pragma once

namespace launcher {

// Length (2 to 4) of the valid multi-byte UTF-8 sequence at s, with its code
// point in *cp; 0 for ASCII, a lone continuation byte, an overlong form, a
// surrogate, a code point above U+10FFFF or a sequence cut short. Reads at
// most `available` bytes and stops at a NUL (never a continuation byte).
constexpr int utf8_sequence(const unsigned char *s, unsigned long available, unsigned *cp) {
  unsigned char lead = s[0];
  int length = 0;
  unsigned value = 0;
  if (lead >= 0xc0 && lead <= 0xdf) length = 2;
  if (lead >= 0xe0 && lead <= 0xef) length = 3;
  if (lead >= 0xf0 && lead <= 0xf7) length = 4;
  if (length == 0 || available < static_cast<unsigned long>(length)) return 0;
  if (length == 2) value = lead & 0x1fU;
  if (length == 3) value = lead & 0x0fU;
  if (length == 4) value = lead & 0x07U;
  for (int i = 1; i < length; ++i) {
    if ((s[i] & 0xc0U) != 0x80U) return 0;
    value = (value << 6) | (s[i] & 0x3fU);
  }
  constexpr unsigned kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};  // below: an overlong form
  if (value < kSmallest[length] || value > 0x10ffff) return 0;
  if (value >= 0xd800 && value <= 0xdfff) return 0;  // a UTF-16 surrogate
  *cp = value;
  return length;
}

// C1 controls (CSI, OSC...) and the bidirectional overrides and isolates that
// make text read differently from what it is.
constexpr bool acts_on_terminal(unsigned cp) {
  if (cp >= 0x80 && cp <= 0x9f) return true;
  if (cp >= 0x202a && cp <= 0x202e) return true;
  return cp >= 0x2066 && cp <= 0x2069;
}

}  // namespace launcher
