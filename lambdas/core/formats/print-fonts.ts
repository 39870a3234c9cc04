/**
 * The fonts the PDF's browser is given beside the one @sparticuz/chromium unpacks (Open Sans:
 * Latin, Greek, Cyrillic, Hebrew), so that the scripts below print as text and not as empty boxes.
 * Noto Sans, regular and bold, from npm packages of Google Fonts' files (SIL Open Font License).
 * One list for two readers: the stack copies the files into the documents function's bundle
 * (`PRINT_FONTS_IN_BUNDLE`, `lib/render-worker.ts`), and the print stylesheet names the families, so bold text takes the bold
 * file (a font the browser finds only by falling back for a character is taken in its regular
 * file, and its bold drawn as outlines).
 *
 * The Chinese font comes first: its ideographs cover Simplified and Traditional Chinese and
 * Japanese kanji, and it holds the kana; the Korean font would give Chinese and Japanese text its
 * own (Korean) forms of the ideographs it shares. Japanese and Traditional Chinese thus print in
 * Simplified Chinese glyph forms, which differ from their regional forms in details of some
 * strokes: a font per region would add 25 MB and need each page's language, which the document
 * does not carry.
 */
export const PRINT_FONTS = [
  { family: 'Noto Sans SC', package: '@expo-google-fonts/noto-sans-sc', file: 'NotoSansSC' },
  { family: 'Noto Sans KR', package: '@expo-google-fonts/noto-sans-kr', file: 'NotoSansKR' },
  { family: 'Noto Sans Arabic', package: '@expo-google-fonts/noto-sans-arabic', file: 'NotoSansArabic' },
  { family: 'Noto Sans Devanagari', package: '@expo-google-fonts/noto-sans-devanagari', file: 'NotoSansDevanagari' },
  { family: 'Noto Sans Thai', package: '@expo-google-fonts/noto-sans-thai', file: 'NotoSansThai' },
] as const;

/** The weights shipped, as the packages name their folders and files. */
export const PRINT_FONT_WEIGHTS = ['400Regular', '700Bold'] as const;
