/**
 * The language catalogue the selector lists (SPEC §1: about 35 names). Only the brand's supported
 * languages are selectable; the rest are shown disabled so the operator's roadmap is visible.
 * `flag` is the ISO 3166-1 alpha-2 code of the country whose flag stands for the language.
 */
export type LanguageEntry = { code: string; nativeName: string; englishName: string; flag: string };

export const LANGUAGE_CATALOGUE: readonly LanguageEntry[] = [
  { code: 'EN', nativeName: 'English', englishName: 'English', flag: 'GB' },
  { code: 'HI', nativeName: 'हिन्दी', englishName: 'Hindi', flag: 'IN' },
  { code: 'ZH', nativeName: '简体中文', englishName: 'Chinese (Simplified)', flag: 'CN' },
  { code: 'TW', nativeName: '繁體中文', englishName: 'Chinese (Traditional)', flag: 'TW' },
  { code: 'VI', nativeName: 'Tiếng Việt', englishName: 'Vietnamese', flag: 'VN' },
  { code: 'TH', nativeName: 'ไทย', englishName: 'Thai', flag: 'TH' },
  { code: 'ID', nativeName: 'Bahasa Indonesia', englishName: 'Indonesian', flag: 'ID' },
  { code: 'MS', nativeName: 'Bahasa Melayu', englishName: 'Malay', flag: 'MY' },
  { code: 'JA', nativeName: '日本語', englishName: 'Japanese', flag: 'JP' },
  { code: 'KO', nativeName: '한국어', englishName: 'Korean', flag: 'KR' },
  { code: 'PT', nativeName: 'Português', englishName: 'Portuguese', flag: 'BR' },
  { code: 'ES', nativeName: 'Español', englishName: 'Spanish', flag: 'ES' },
  { code: 'FR', nativeName: 'Français', englishName: 'French', flag: 'FR' },
  { code: 'DE', nativeName: 'Deutsch', englishName: 'German', flag: 'DE' },
  { code: 'IT', nativeName: 'Italiano', englishName: 'Italian', flag: 'IT' },
  { code: 'RU', nativeName: 'Русский', englishName: 'Russian', flag: 'RU' },
  { code: 'TR', nativeName: 'Türkçe', englishName: 'Turkish', flag: 'TR' },
  { code: 'AR', nativeName: 'العربية', englishName: 'Arabic', flag: 'SA' },
  { code: 'BN', nativeName: 'বাংলা', englishName: 'Bengali', flag: 'BD' },
  { code: 'UR', nativeName: 'اردو', englishName: 'Urdu', flag: 'PK' },
  { code: 'TA', nativeName: 'தமிழ்', englishName: 'Tamil', flag: 'LK' },
  { code: 'TE', nativeName: 'తెలుగు', englishName: 'Telugu', flag: 'IN' },
  { code: 'MR', nativeName: 'मराठी', englishName: 'Marathi', flag: 'IN' },
  { code: 'NE', nativeName: 'नेपाली', englishName: 'Nepali', flag: 'NP' },
  { code: 'MY', nativeName: 'မြန်မာ', englishName: 'Burmese', flag: 'MM' },
  { code: 'KM', nativeName: 'ខ្មែរ', englishName: 'Khmer', flag: 'KH' },
  { code: 'LO', nativeName: 'ລາວ', englishName: 'Lao', flag: 'LA' },
  { code: 'TL', nativeName: 'Filipino', englishName: 'Filipino', flag: 'PH' },
  { code: 'TY', nativeName: 'Tagalog', englishName: 'Tagalog', flag: 'PH' },
  { code: 'NL', nativeName: 'Nederlands', englishName: 'Dutch', flag: 'NL' },
  { code: 'PL', nativeName: 'Polski', englishName: 'Polish', flag: 'PL' },
  { code: 'UK', nativeName: 'Українська', englishName: 'Ukrainian', flag: 'UA' },
  { code: 'FA', nativeName: 'فارسی', englishName: 'Persian', flag: 'IR' },
  { code: 'SW', nativeName: 'Kiswahili', englishName: 'Swahili', flag: 'KE' },
  { code: 'PA', nativeName: 'ਪੰਜਾਬੀ', englishName: 'Punjabi', flag: 'IN' },
];
