import { randomBytes } from 'node:crypto';
import type { AnnouncementType, AppPlatform, BannerGroup } from '@lotus/shared/content-vocabulary';
import { SEAL_KEY_BYTES } from '@lotus/shared/customer-service-seal';
import type { Kysely } from 'kysely';
import { sanitiseHtmlTexts } from '../../modules/content/sanitise-html.ts';
import type { Database } from '../schema.ts';
import { DEMO_BLOG_POSTS } from './demo-blog.ts';
import { DEMO_HELP_CENTRE } from './demo-help-centre.ts';
import { DEMO_PAGES } from './demo-pages.ts';
import { DEMO_PROMOTIONS } from './demo-promotions.ts';
import type { SeedTexts } from './seed-texts.ts';

/**
 * The demo brand's site content in EN and HI: banners for every page group, announcements, help centre,
 * blog, promotions, app install guides, static pages and the customer-service seal key. Images are the
 * hand-drawn SVGs under apps/web/public/brand/ (no text in them: titles are overlaid from these rows).
 *
 * Idempotent and additive like seed.ts: rows with a natural key are inserted `on conflict do nothing`;
 * banners and announcements, which have none, only into a brand that has none yet. Rich HTML goes through
 * the same sanitiser the API applies on the way out.
 */

type BannerSeed = {
  group: BannerGroup;
  image: string;
  alt: SeedTexts;
  title: SeedTexts;
  subtitle: SeedTexts;
  link: { type: 'ROUTE' | 'URL'; target: string } | { type: 'PROMOTION'; code: string } | null;
};

const banner = (image: string) => `/brand/banners/${image}.svg`;

export const DEMO_BANNERS: BannerSeed[] = [
  {
    group: 'home',
    image: banner('lotus-dawn'),
    alt: { EN: 'A pink lotus opening at dawn', HI: 'भोर में खिलता गुलाबी कमल' },
    title: { EN: 'Welcome to Lotus', HI: 'Lotus में आपका स्वागत है' },
    subtitle: {
      EN: 'Live casino, slots, sports and lottery in one account',
      HI: 'लाइव कैसीनो, स्लॉट, स्पोर्ट्स और लॉटरी — एक ही अकाउंट में',
    },
    link: { type: 'PROMOTION', code: 'welcome-bonus' },
  },
  {
    group: 'home',
    image: banner('lotus-night'),
    alt: { EN: 'A lotus on still water under the moon', HI: 'चाँदनी में शांत पानी पर कमल' },
    title: { EN: 'Play at your own pace', HI: 'अपनी रफ़्तार से खेलें' },
    subtitle: {
      EN: 'Set your limits before you play. Help is always one click away.',
      HI: 'खेलने से पहले अपनी सीमाएँ तय करें। मदद हमेशा एक क्लिक दूर है।',
    },
    link: { type: 'ROUTE', target: '/help' },
  },
  {
    group: 'home',
    image: banner('download'),
    alt: { EN: 'A phone with a lotus on its screen', HI: 'स्क्रीन पर कमल वाला फ़ोन' },
    title: { EN: 'Lotus on your phone', HI: 'आपके फ़ोन पर Lotus' },
    subtitle: {
      EN: 'Add the lite app to your home screen today',
      HI: 'लाइट ऐप को आज ही अपनी होम स्क्रीन पर जोड़ें',
    },
    link: { type: 'ROUTE', target: '/down' },
  },
  {
    group: 'rng',
    image: banner('rng'),
    alt: { EN: 'Glowing slot reels with lotus symbols', HI: 'कमल के चिह्नों वाली चमकती स्लॉट रीलें' },
    title: { EN: 'Slots', HI: 'स्लॉट' },
    subtitle: {
      EN: 'Spin, save your favourites, come back any time',
      HI: 'रील घुमाएँ, पसंदीदा सहेजें, कभी भी लौटें',
    },
    link: { type: 'PROMOTION', code: 'slots-weekly-challenge' },
  },
  {
    group: 'rng',
    image: banner('lotus-gold'),
    alt: { EN: 'A golden lotus on a deep red background', HI: 'गहरे लाल रंग पर सुनहरा कमल' },
    title: { EN: 'A daily rebate on every spin', HI: 'हर स्पिन पर दैनिक रिबेट' },
    subtitle: { EN: 'Up to 1% of valid slot bets back every day', HI: 'मान्य स्लॉट दाँव का 1% तक हर दिन वापस' },
    link: { type: 'PROMOTION', code: 'daily-rebate' },
  },
  {
    group: 'live',
    image: banner('live'),
    alt: { EN: 'Spotlights over a green gaming table', HI: 'हरी गेमिंग टेबल पर स्पॉटलाइट' },
    title: { EN: 'Live casino', HI: 'लाइव कैसीनो' },
    subtitle: { EN: 'Take a seat at a live table', HI: 'लाइव टेबल पर अपनी जगह लें' },
    link: null,
  },
  {
    group: 'live',
    image: banner('lotus-night'),
    alt: { EN: 'A lotus on still water under the moon', HI: 'चाँदनी में शांत पानी पर कमल' },
    title: { EN: '5% live casino cashback', HI: '5% लाइव कैसीनो कैशबैक' },
    subtitle: { EN: 'A share of the day’s net loss comes back', HI: 'दिन की शुद्ध हानि का एक हिस्सा वापस' },
    link: { type: 'PROMOTION', code: 'live-cashback' },
  },
  {
    group: 'fish',
    image: banner('fish'),
    alt: { EN: 'Stylised fish swimming through blue waves', HI: 'नीली लहरों में तैरती मछलियाँ' },
    title: { EN: 'Fishing games', HI: 'फ़िशिंग गेम्स' },
    subtitle: { EN: 'Aim, fire and reel in the big catch', HI: 'निशाना लगाएँ, चलाएँ और बड़ी मछली पकड़ें' },
    link: null,
  },
  {
    group: 'fish',
    image: banner('lotus-teal'),
    alt: { EN: 'A lotus on teal water', HI: 'फ़िरोज़ी पानी पर कमल' },
    title: { EN: 'Fishing happy hour', HI: 'फ़िशिंग हैप्पी आवर' },
    subtitle: { EN: 'Double rebate from 20:00 to 22:00', HI: '20:00 से 22:00 तक दोगुना रिबेट' },
    link: { type: 'PROMOTION', code: 'fishing-happy-hour' },
  },
  {
    group: 'pvp',
    image: banner('pvp'),
    alt: { EN: 'Playing cards fanned out on felt', HI: 'मेज़ पर फैले ताश के पत्ते' },
    title: { EN: 'Card games', HI: 'कार्ड गेम्स' },
    subtitle: { EN: 'Play against other players at your own table', HI: 'अपनी टेबल पर दूसरे खिलाड़ियों के साथ खेलें' },
    link: null,
  },
  {
    group: 'pvp',
    image: banner('lotus-violet'),
    alt: { EN: 'A lotus in violet light', HI: 'बैंगनी रोशनी में कमल' },
    title: { EN: 'Invite friends', HI: 'दोस्तों को आमंत्रित करें' },
    subtitle: { EN: 'You both get P 100 after their first deposit', HI: 'उनकी पहली जमा पर आप दोनों को P 100' },
    link: { type: 'PROMOTION', code: 'invite-friends' },
  },
  {
    group: 'sports',
    image: banner('sports'),
    alt: { EN: 'Floodlit pitch lines at night', HI: 'रात में रोशन मैदान की रेखाएँ' },
    title: { EN: 'Sports', HI: 'स्पोर्ट्स' },
    subtitle: { EN: 'Follow the match and back your side', HI: 'मैच देखें और अपनी टीम पर दाँव लगाएँ' },
    link: null,
  },
  {
    group: 'sports',
    image: banner('lotus-gold'),
    alt: { EN: 'A golden lotus on a deep red background', HI: 'गहरे लाल रंग पर सुनहरा कमल' },
    title: { EN: 'First bet insurance', HI: 'पहले दाँव का बीमा' },
    subtitle: { EN: 'Your first sports stake back if it loses', HI: 'पहला स्पोर्ट्स दाँव हारने पर राशि वापस' },
    link: { type: 'PROMOTION', code: 'sports-first-bet' },
  },
  {
    group: 'esports',
    image: banner('esports'),
    alt: { EN: 'Neon circuit lines in the shape of a lotus', HI: 'कमल के आकार में नियॉन सर्किट रेखाएँ' },
    title: { EN: 'E-sports', HI: 'ई-स्पोर्ट्स' },
    subtitle: { EN: 'Back your team in the big tournaments', HI: 'बड़े टूर्नामेंट में अपनी टीम का साथ दें' },
    link: null,
  },
  {
    group: 'esports',
    image: banner('lotus-violet'),
    alt: { EN: 'A lotus in violet light', HI: 'बैंगनी रोशनी में कमल' },
    title: { EN: 'Daily rebate on e-sports', HI: 'ई-स्पोर्ट्स पर दैनिक रिबेट' },
    subtitle: { EN: '0.5% of valid bets back every day', HI: 'मान्य दाँव का 0.5% हर दिन वापस' },
    link: { type: 'PROMOTION', code: 'daily-rebate' },
  },
  {
    group: 'lottery',
    image: banner('lottery'),
    alt: { EN: 'Glossy lottery balls floating above a lotus', HI: 'कमल के ऊपर तैरती चमकदार लॉटरी गेंदें' },
    title: { EN: 'Lottery', HI: 'लॉटरी' },
    subtitle: { EN: 'Pick your numbers and watch the draw', HI: 'अपने नंबर चुनें और ड्रॉ देखें' },
    link: null,
  },
  {
    group: 'lottery',
    image: banner('lotus-dawn'),
    alt: { EN: 'A pink lotus opening at dawn', HI: 'भोर में खिलता गुलाबी कमल' },
    title: { EN: 'Results on the notice board', HI: 'नतीजे सूचना पट्ट पर' },
    subtitle: { EN: 'Draw times and notices, all in one place', HI: 'ड्रॉ का समय और सूचनाएँ, सब एक जगह' },
    link: { type: 'ROUTE', target: '/noticePage' },
  },
  {
    group: 'download',
    image: banner('download'),
    alt: { EN: 'A phone with a lotus on its screen', HI: 'स्क्रीन पर कमल वाला फ़ोन' },
    title: { EN: 'Take Lotus with you', HI: 'Lotus को साथ ले जाएँ' },
    subtitle: {
      EN: 'The lite app works today; iOS and Android apps are coming soon',
      HI: 'लाइट ऐप आज ही काम करता है; iOS और Android ऐप जल्द आ रहे हैं',
    },
    link: null,
  },
  {
    group: 'download',
    image: banner('lotus-teal'),
    alt: { EN: 'A lotus on teal water', HI: 'फ़िरोज़ी पानी पर कमल' },
    title: { EN: 'App launch gift', HI: 'ऐप लॉन्च उपहार' },
    subtitle: { EN: 'P 100 on your first login through the app', HI: 'ऐप से पहली बार लॉग इन पर P 100' },
    link: { type: 'PROMOTION', code: 'app-launch' },
  },
  {
    group: 'promotion',
    image: banner('promotion'),
    alt: { EN: 'Ribbons and petals around a gift', HI: 'उपहार के चारों ओर रिबन और पंखुड़ियाँ' },
    title: { EN: '100% welcome bonus', HI: '100% वेलकम बोनस' },
    subtitle: { EN: 'Up to P 5,000 on your first deposit', HI: 'पहली जमा पर अधिकतम P 5,000' },
    link: { type: 'PROMOTION', code: 'welcome-bonus' },
  },
  {
    group: 'promotion',
    image: banner('lotus-gold'),
    alt: { EN: 'A golden lotus on a deep red background', HI: 'गहरे लाल रंग पर सुनहरा कमल' },
    title: { EN: 'Lotus VIP club', HI: 'Lotus VIP क्लब' },
    subtitle: {
      EN: 'Higher rebates and a dedicated line from rank 5',
      HI: 'रैंक 5 से ज़्यादा रिबेट और समर्पित लाइन',
    },
    link: { type: 'PROMOTION', code: 'vip-club' },
  },
  {
    group: 'promotion',
    image: banner('lotus-night'),
    alt: { EN: 'A lotus on still water under the moon', HI: 'चाँदनी में शांत पानी पर कमल' },
    title: { EN: 'Weekend reload', HI: 'वीकेंड रीलोड' },
    subtitle: {
      EN: '20% extra on Saturday and Sunday deposits',
      HI: 'शनिवार और रविवार की जमा पर 20% अतिरिक्त',
    },
    link: { type: 'PROMOTION', code: 'weekend-reload' },
  },
  {
    group: 'shop',
    image: banner('shop'),
    alt: { EN: 'Gold coins and a gift box', HI: 'सोने के सिक्के और उपहार का डिब्बा' },
    title: { EN: 'Points mall', HI: 'पॉइंट मॉल' },
    subtitle: {
      EN: 'Points never expire: exchange them for cash or goods',
      HI: 'पॉइंट कभी ख़त्म नहीं होते: नकद या सामान लें',
    },
    link: { type: 'PROMOTION', code: 'points-mall' },
  },
  {
    group: 'shop',
    image: banner('lotus-violet'),
    alt: { EN: 'A lotus in violet light', HI: 'बैंगनी रोशनी में कमल' },
    title: { EN: 'Every bet earns points', HI: 'हर दाँव पर पॉइंट' },
    subtitle: { EN: '1 point for every P 100 of valid bets', HI: 'हर P 100 के मान्य दाँव पर 1 पॉइंट' },
    link: null,
  },
  {
    group: 'help',
    image: banner('help'),
    alt: { EN: 'A lotus inside a soft circle of light', HI: 'रोशनी के कोमल घेरे में कमल' },
    title: { EN: 'How can we help?', HI: 'हम आपकी क्या मदद कर सकते हैं?' },
    subtitle: {
      EN: 'Answers about accounts, payments, games and safety',
      HI: 'अकाउंट, भुगतान, गेम्स और सुरक्षा से जुड़े जवाब',
    },
    link: null,
  },
  {
    group: 'help',
    image: banner('lotus-teal'),
    alt: { EN: 'A lotus on teal water', HI: 'फ़िरोज़ी पानी पर कमल' },
    title: { EN: 'Become a Lotus agent', HI: 'Lotus एजेंट बनें' },
    subtitle: { EN: 'Build a team and earn commission', HI: 'टीम बनाएँ और कमीशन कमाएँ' },
    link: { type: 'ROUTE', target: '/join' },
  },
];

type AnnouncementSeed = {
  type: AnnouncementType;
  marquee: boolean;
  /** Hours before the seed it was published (newest has the smallest number). */
  publishedHoursAgo: number;
  title: SeedTexts;
  content: SeedTexts;
};

export const DEMO_ANNOUNCEMENTS: AnnouncementSeed[] = [
  {
    type: 'B',
    marquee: true,
    publishedHoursAgo: 2,
    title: {
      EN: 'Security reminder: Lotus staff will never ask for your password or SMS code.',
      HI: 'सुरक्षा अनुस्मारक: Lotus के कर्मचारी कभी भी आपका पासवर्ड या SMS कोड नहीं माँगेंगे।',
    },
    content: {
      EN: '<p>Nobody from Lotus will ever ask for your <strong>password</strong>, <strong>withdrawal password</strong> or <strong>SMS code</strong>, in chat, by phone or by e-mail.</p><p>Only pay into the details shown on the deposit page. If anyone asks you for these, stop and tell customer service. More tips in the <a href="/help">help centre</a>.</p>',
      HI: '<p>Lotus का कोई भी व्यक्ति कभी भी आपका <strong>पासवर्ड</strong>, <strong>निकासी पासवर्ड</strong> या <strong>SMS कोड</strong> नहीं माँगेगा — न चैट में, न फ़ोन पर, न ई-मेल से।</p><p>केवल जमा पेज पर दिखाए गए विवरण में ही भुगतान करें। अगर कोई ये चीज़ें माँगे, तो रुकें और ग्राहक सेवा को बताएँ। और सुझाव <a href="/help">सहायता केंद्र</a> में हैं।</p>',
    },
  },
  {
    type: 'B',
    marquee: true,
    publishedHoursAgo: 20,
    title: {
      EN: 'Play responsibly: Lotus is for adults aged 21 and over.',
      HI: 'ज़िम्मेदारी से खेलें: Lotus 21 वर्ष और उससे अधिक आयु के वयस्कों के लिए है।',
    },
    content: {
      EN: '<p>Set a budget and a time limit before you play, and never chase losses.</p><p>Need a break? Customer service can suspend your account for a period you choose, or close it through self-exclusion, straight away.</p>',
      HI: '<p>खेलने से पहले बजट और समय सीमा तय करें, और हार का पीछा कभी न करें।</p><p>ब्रेक चाहिए? ग्राहक सेवा आपके चुने हुए समय के लिए अकाउंट तुरंत निलंबित कर सकती है, या स्व-बहिष्कार के ज़रिए उसे बंद कर सकती है।</p>',
    },
  },
  {
    type: 'B',
    marquee: true,
    publishedHoursAgo: 50,
    title: {
      EN: 'Planned maintenance is always announced here at least 24 hours in advance.',
      HI: 'नियोजित रखरखाव की सूचना यहाँ हमेशा कम से कम 24 घंटे पहले दी जाती है।',
    },
    content: {
      EN: '<p>When we upgrade Lotus we announce it here first, with the start time and how long it should take.</p><table><thead><tr><th scope="col">During maintenance</th><th scope="col">What happens</th></tr></thead><tbody><tr><td>Open bets</td><td>Settled normally when the game provider reports the result</td></tr><tr><td>Your wallet</td><td>Untouched; balances reappear unchanged</td></tr><tr><td>Deposits in progress</td><td>Credited once the site is back</td></tr></tbody></table>',
      HI: '<p>जब हम Lotus को अपग्रेड करते हैं, तो पहले यहाँ शुरू होने के समय और लगने वाले समय के साथ इसकी घोषणा करते हैं।</p><table><thead><tr><th scope="col">रखरखाव के दौरान</th><th scope="col">क्या होता है</th></tr></thead><tbody><tr><td>खुले दाँव</td><td>गेम प्रदाता के नतीजा बताने पर सामान्य रूप से निपटाए जाते हैं</td></tr><tr><td>आपका वॉलेट</td><td>सुरक्षित रहता है; बैलेंस बिना बदलाव के वापस दिखता है</td></tr><tr><td>प्रक्रिया में जमा</td><td>साइट वापस आने पर जमा हो जाती है</td></tr></tbody></table>',
    },
  },
  {
    type: 'B',
    marquee: true,
    publishedHoursAgo: 120,
    title: {
      EN: 'Welcome to Lotus! New players get a 100% bonus on their first deposit.',
      HI: 'Lotus में आपका स्वागत है! नए खिलाड़ियों को पहली जमा पर 100% बोनस।',
    },
    content: {
      EN: '<p>Thank you for joining Lotus. Your first deposit is matched in full, up to <strong>P 5,000</strong>. The terms, including wagering, are on the <a href="/promotions">promotions page</a>.</p>',
      HI: '<p>Lotus से जुड़ने के लिए धन्यवाद। आपकी पहली जमा राशि के बराबर बोनस मिलता है, अधिकतम <strong>P 5,000</strong>। दाँव की शर्त सहित सभी शर्तें <a href="/promotions">प्रमोशन पेज</a> पर हैं।</p>',
    },
  },
  {
    type: 'B',
    marquee: false,
    publishedHoursAgo: 150,
    title: { EN: 'The help centre is open', HI: 'सहायता केंद्र खुल गया है' },
    content: {
      EN: '<p>Answers to the most common questions, in English and Hindi:</p><ul><li>Account and login</li><li>Deposits and withdrawals</li><li>Games and fairness</li><li>Responsible gaming</li><li>Security</li></ul><p>Visit the <a href="/help">help centre</a>.</p>',
      HI: '<p>सबसे आम सवालों के जवाब, अंग्रेज़ी और हिंदी में:</p><ul><li>अकाउंट और लॉग इन</li><li>जमा और निकासी</li><li>गेम्स और निष्पक्षता</li><li>ज़िम्मेदार गेमिंग</li><li>सुरक्षा</li></ul><p><a href="/help">सहायता केंद्र</a> पर जाएँ।</p>',
    },
  },
  {
    type: 'PL',
    marquee: false,
    publishedHoursAgo: 30,
    title: { EN: 'About payment methods', HI: 'भुगतान के तरीकों के बारे में' },
    content: {
      EN: '<p>The payment methods available to your account, with their limits, are always listed on the <strong>Deposit</strong> page of the member centre. They can change, so check the page each time you deposit.</p><p>Never pay into an account number someone sends you in a message.</p>',
      HI: '<p>आपके अकाउंट के लिए उपलब्ध भुगतान के तरीके, उनकी सीमाओं के साथ, हमेशा मेंबर सेंटर के <strong>जमा करें</strong> पेज पर दिए जाते हैं। ये बदल सकते हैं, इसलिए हर बार जमा करते समय पेज देखें।</p><p>किसी संदेश में भेजे गए खाता नंबर में कभी भुगतान न करें।</p>',
    },
  },
  {
    type: 'PL',
    marquee: false,
    publishedHoursAgo: 200,
    title: { EN: 'Keep your contact details up to date', HI: 'अपनी संपर्क जानकारी अपडेट रखें' },
    content: {
      EN: '<p>Your mobile number and e-mail address are how you recover your account if you forget your password. Please check them in the security centre.</p>',
      HI: '<p>पासवर्ड भूलने पर आपका मोबाइल नंबर और ई-मेल पता ही अकाउंट वापस पाने का ज़रिया हैं। कृपया सुरक्षा केंद्र में इन्हें जाँच लें।</p>',
    },
  },
  {
    type: 'PU',
    marquee: false,
    publishedHoursAgo: 10,
    title: { EN: 'Lotus apps are coming soon', HI: 'Lotus ऐप जल्द आ रहे हैं' },
    content: {
      EN: '<p>Our iOS and Android apps are being prepared. Until they are released you can add Lotus to your home screen as the <strong>lite app</strong>: follow the steps on the <a href="/down">app download page</a>.</p>',
      HI: '<p>हमारे iOS और Android ऐप तैयार किए जा रहे हैं। उनके जारी होने तक आप Lotus को <strong>लाइट ऐप</strong> के रूप में अपनी होम स्क्रीन पर जोड़ सकते हैं: <a href="/down">ऐप डाउनलोड पेज</a> पर दिए चरण अपनाएँ।</p>',
    },
  },
  {
    type: 'PR',
    marquee: false,
    publishedHoursAgo: 40,
    title: { EN: 'How promotions work at Lotus', HI: 'Lotus पर प्रमोशन कैसे काम करते हैं' },
    content: {
      EN: '<p>Every promotion page states its terms in full: who qualifies, the minimum deposit, the wagering before withdrawal and how long the offer lasts.</p><ul><li>One account per person, household, device and IP address.</li><li>Bonuses obtained through abuse are withdrawn.</li></ul>',
      HI: '<p>हर प्रमोशन पेज अपनी पूरी शर्तें बताता है: कौन योग्य है, न्यूनतम जमा राशि, निकासी से पहले दाँव की शर्त और ऑफ़र कब तक चलेगा।</p><ul><li>हर व्यक्ति, परिवार, डिवाइस और IP पते के लिए एक ही अकाउंट।</li><li>दुरुपयोग से पाए गए बोनस वापस ले लिए जाते हैं।</li></ul>',
    },
  },
  {
    type: 'PR',
    marquee: false,
    publishedHoursAgo: 70,
    title: { EN: 'Daily rebate rates', HI: 'दैनिक रिबेट की दरें' },
    content: {
      EN: '<p>The daily rebate returns up to <strong>1%</strong> of the previous day\'s valid bets: slots and fishing 1.0%, card games 0.8%, live casino 0.6%, sports and e-sports 0.5%, lottery 0.3%. See the <a href="/promotions">promotions page</a> for the full terms.</p>',
      HI: '<p>दैनिक रिबेट पिछले दिन के मान्य दाँव का <strong>1%</strong> तक लौटाता है: स्लॉट और फ़िशिंग 1.0%, कार्ड गेम्स 0.8%, लाइव कैसीनो 0.6%, स्पोर्ट्स और ई-स्पोर्ट्स 0.5%, लॉटरी 0.3%। पूरी शर्तों के लिए <a href="/promotions">प्रमोशन पेज</a> देखें।</p>',
    },
  },
  {
    type: 'H',
    marquee: false,
    publishedHoursAgo: 6,
    title: { EN: 'Lotus Originals are on their way', HI: 'Lotus Originals आने वाले हैं' },
    content: {
      EN: '<p>Our in-house games are being built to be <strong>provably fair</strong>: you will be able to check every round yourself. Until they launch, their tiles show that they are under maintenance. Read <a href="/help">how provable fairness works</a>.</p>',
      HI: '<p>हमारे इन-हाउस गेम्स को <strong>प्रमाणित रूप से निष्पक्ष</strong> बनाया जा रहा है: आप हर राउंड ख़ुद जाँच पाएँगे। लॉन्च होने तक उनकी टाइलों पर रखरखाव दिखाया जाता है। पढ़ें कि <a href="/help">प्रमाणित निष्पक्षता कैसे काम करती है</a>।</p>',
    },
  },
  {
    type: 'H',
    marquee: false,
    publishedHoursAgo: 80,
    title: { EN: 'New: the Lotus blog', HI: 'नया: Lotus ब्लॉग' },
    content: {
      EN: '<p>Articles on fair play, account security and playing within your limits, in English and Hindi.</p>',
      HI: '<p>निष्पक्ष खेल, अकाउंट सुरक्षा और अपनी सीमाओं में रहकर खेलने पर लेख, अंग्रेज़ी और हिंदी में।</p>',
    },
  },
];

type AppGuideSeed = {
  platform: AppPlatform;
  title: SeedTexts;
  steps: { EN: string[]; HI: string[] };
  downloadUrl: string;
  version: SeedTexts;
};

const COMING_SOON: SeedTexts = { EN: 'Coming soon', HI: 'जल्द आ रहा है' };

export const DEMO_APP_GUIDES: AppGuideSeed[] = [
  {
    platform: 'ios',
    title: { EN: 'Lotus for iPhone and iPad', HI: 'iPhone और iPad के लिए Lotus' },
    steps: {
      EN: [
        'The iOS app is being prepared and cannot be downloaded yet.',
        'When it is released, scan the QR code on this page with your iPhone camera, or tap the download button.',
        'Install the app, open it and log in with your Lotus account.',
        'Until then, use the lite app: it works in Safari today.',
      ],
      HI: [
        'iOS ऐप तैयार किया जा रहा है और अभी डाउनलोड नहीं किया जा सकता।',
        'जारी होने पर इस पेज का QR कोड अपने iPhone कैमरे से स्कैन करें, या डाउनलोड बटन दबाएँ।',
        'ऐप इंस्टॉल करें, खोलें और अपने Lotus अकाउंट से लॉग इन करें।',
        'तब तक लाइट ऐप इस्तेमाल करें: यह आज ही Safari में काम करता है।',
      ],
    },
    downloadUrl: '/down#ios',
    version: COMING_SOON,
  },
  {
    platform: 'android',
    title: { EN: 'Lotus for Android', HI: 'Android के लिए Lotus' },
    steps: {
      EN: [
        'The Android app is being prepared and cannot be downloaded yet.',
        'When it is released, scan the QR code on this page or tap the download button on your phone.',
        'If Android asks, allow installation from your browser for this one install.',
        'Open the app and log in with your Lotus account.',
      ],
      HI: [
        'Android ऐप तैयार किया जा रहा है और अभी डाउनलोड नहीं किया जा सकता।',
        'जारी होने पर इस पेज का QR कोड स्कैन करें या अपने फ़ोन पर डाउनलोड बटन दबाएँ।',
        'अगर Android पूछे, तो इस एक इंस्टॉल के लिए अपने ब्राउज़र से इंस्टॉल करने की अनुमति दें।',
        'ऐप खोलें और अपने Lotus अकाउंट से लॉग इन करें।',
      ],
    },
    downloadUrl: '/down#android',
    version: COMING_SOON,
  },
  {
    platform: 'lite',
    title: { EN: 'Lite app (home-screen shortcut)', HI: 'लाइट ऐप (होम स्क्रीन शॉर्टकट)' },
    steps: {
      EN: [
        'Open Lotus in your phone’s browser (Safari on iPhone, Chrome on Android).',
        'iPhone: tap the Share button, then “Add to Home Screen”.',
        'Android: open the browser menu (⋮), then “Add to Home screen”.',
        'Open Lotus from the new icon: it starts full-screen, like an app, and always shows the latest version.',
      ],
      HI: [
        'अपने फ़ोन के ब्राउज़र में Lotus खोलें (iPhone पर Safari, Android पर Chrome)।',
        'iPhone: शेयर बटन दबाएँ, फिर “Add to Home Screen” (होम स्क्रीन में जोड़ें) चुनें।',
        'Android: ब्राउज़र मेन्यू (⋮) खोलें, फिर “Add to Home screen” (होम स्क्रीन में जोड़ें) चुनें।',
        'नए आइकन से Lotus खोलें: यह ऐप की तरह पूरी स्क्रीन पर खुलता है और हमेशा नया संस्करण दिखाता है।',
      ],
    },
    downloadUrl: '/down#lite',
    version: { EN: 'Available now', HI: 'अभी उपलब्ध' },
  },
];

const json = (value: unknown) => JSON.stringify(value);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Inserts whatever of the demo content the brand is missing; returns how many rows it added. */
export async function seedDemoContent(
  trx: Kysely<Database>,
  brandId: bigint,
  now: Date = new Date(),
): Promise<number> {
  let rowsAdded = 0;
  const count = (result: { numInsertedOrUpdatedRows?: bigint }[]) => {
    for (const row of result) rowsAdded += Number(row.numInsertedOrUpdatedRows ?? 0n);
  };

  count(
    await trx
      .insertInto('customer_service_keys')
      .values({ brand_id: brandId, seal_key: randomBytes(SEAL_KEY_BYTES) })
      .onConflict((conflict) => conflict.column('brand_id').doNothing())
      .execute(),
  );

  // Promotions first: banners link to them by id.
  count(
    await trx
      .insertInto('promotions')
      .values(
        DEMO_PROMOTIONS.map((promotion, index) => ({
          brand_id: brandId,
          code: promotion.code,
          category: promotion.category,
          tags: promotion.tags,
          title: json(promotion.title),
          summary: json(promotion.summary),
          content: json(sanitiseHtmlTexts(promotion.content)),
          image_url: promotion.image,
          starts_at: null,
          ends_at:
            promotion.endsInDays === null ? null : new Date(now.getTime() + promotion.endsInDays * DAY_MS),
          sort: index,
        })),
      )
      .onConflict((conflict) => conflict.columns(['brand_id', 'code']).doNothing())
      .execute(),
  );
  const promotionIds = new Map(
    (await trx.selectFrom('promotions').select(['id', 'code']).where('brand_id', '=', brandId).execute()).map(
      (row) => [row.code, row.id],
    ),
  );

  const hasBanners = await trx
    .selectFrom('banners')
    .select('id')
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!hasBanners) {
    count(
      await trx
        .insertInto('banners')
        .values(
          DEMO_BANNERS.map((seed, index) => {
            const target =
              seed.link?.type === 'PROMOTION'
                ? promotionIds.get(seed.link.code)?.toString()
                : seed.link?.target;
            return {
              brand_id: brandId,
              group_name: seed.group,
              image_url: seed.image,
              alt: json(seed.alt),
              title: json(seed.title),
              subtitle: json(seed.subtitle),
              // A promotion an operator deleted leaves the banner unlinked rather than pointing nowhere.
              linkage_type: target === undefined ? null : (seed.link?.type ?? null),
              linkage_target: target ?? null,
              sort: index,
            };
          }),
        )
        .execute(),
    );
  }

  const hasAnnouncements = await trx
    .selectFrom('announcements')
    .select('id')
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!hasAnnouncements) {
    count(
      await trx
        .insertInto('announcements')
        .values(
          DEMO_ANNOUNCEMENTS.map((seed) => ({
            brand_id: brandId,
            type: seed.type,
            marquee: seed.marquee,
            title: json(seed.title),
            content: json(sanitiseHtmlTexts(seed.content)),
            published_at: new Date(now.getTime() - seed.publishedHoursAgo * HOUR_MS),
          })),
        )
        .execute(),
    );
  }

  count(
    await trx
      .insertInto('help_categories')
      .values(
        DEMO_HELP_CENTRE.map((category, index) => ({
          brand_id: brandId,
          key: category.key,
          sort: index,
          title: json(category.title),
        })),
      )
      .onConflict((conflict) => conflict.columns(['brand_id', 'key']).doNothing())
      .execute(),
  );
  const categoryIds = new Map(
    (
      await trx.selectFrom('help_categories').select(['id', 'key']).where('brand_id', '=', brandId).execute()
    ).map((row) => [row.key, row.id]),
  );
  const articles = DEMO_HELP_CENTRE.flatMap((category) =>
    category.articles.flatMap((article, index) => {
      const categoryId = categoryIds.get(category.key);
      return categoryId === undefined
        ? []
        : [
            {
              brand_id: brandId,
              category_id: categoryId,
              key: article.key,
              sort: index,
              title: json(article.title),
              content: json(sanitiseHtmlTexts(article.content)),
            },
          ];
    }),
  );
  if (articles.length > 0) {
    count(
      await trx
        .insertInto('help_articles')
        .values(articles)
        .onConflict((conflict) => conflict.columns(['brand_id', 'key']).doNothing())
        .execute(),
    );
  }

  count(
    await trx
      .insertInto('blog_posts')
      .values(
        DEMO_BLOG_POSTS.map((post) => ({
          brand_id: brandId,
          slug: post.slug,
          title: json(post.title),
          summary: json(post.summary),
          content: json(sanitiseHtmlTexts(post.content)),
          cover_url: post.cover,
          published_at: new Date(now.getTime() - post.publishedDaysAgo * DAY_MS),
        })),
      )
      .onConflict((conflict) => conflict.columns(['brand_id', 'slug']).doNothing())
      .execute(),
  );

  count(
    await trx
      .insertInto('app_download_guides')
      .values(
        DEMO_APP_GUIDES.map((guide, index) => ({
          brand_id: brandId,
          platform: guide.platform,
          sort: index,
          title: json(guide.title),
          steps: json(guide.steps),
          download_url: guide.downloadUrl,
          version: json(guide.version),
        })),
      )
      .onConflict((conflict) => conflict.columns(['brand_id', 'platform']).doNothing())
      .execute(),
  );

  count(
    await trx
      .insertInto('site_pages')
      .values(
        DEMO_PAGES.map((page) => ({
          brand_id: brandId,
          key: page.key,
          title: json(page.title),
          content: json(sanitiseHtmlTexts(page.content)),
        })),
      )
      .onConflict((conflict) => conflict.columns(['brand_id', 'key']).doNothing())
      .execute(),
  );

  return rowsAdded;
}
