// Applies the stored theme and language to <html> before the first paint (no light flash for a
// dark-theme visitor). Plain ES5 on purpose: it runs unbundled, synchronously, in <head>.
// Keys are shared with the app: src/lib/storage.ts (`theme`, `lang`).
(() => {
  var root = document.documentElement;
  // Same mapping as toI18nLanguage in src/lib/i18n.ts for catalogue codes that are not ISO 639-1.
  var nonIso = { TW: 'zh-TW', TY: 'tl', TL: 'fil' };
  var theme = 'light';
  var storedTheme = null;
  var lang = '';
  var upper = '';
  try {
    storedTheme = window.localStorage.getItem('theme');
    lang = window.localStorage.getItem('lang') || '';
  } catch (_error) {
    // Storage can be blocked (privacy mode): keep the defaults.
  }
  if (storedTheme === 'light' || storedTheme === 'dark') theme = storedTheme;
  root.setAttribute('data-mantine-color-scheme', theme);
  root.style.colorScheme = theme;
  if (/^[A-Za-z]{2}$/.test(lang)) {
    upper = lang.toUpperCase();
    root.setAttribute('lang', nonIso[upper] || upper.toLowerCase());
  }
})();
