import type { PromotionCategory, PromotionTag } from '@lotus/shared/content-vocabulary';
import type { SeedTexts } from './seed-texts.ts';

/**
 * The demo brand's promotions. Claiming and applying arrive with the promotions issue, so every page states
 * its terms plainly and says how joining will work, without pretending a button exists today. Amounts are
 * in the brand's currency (symbol P).
 */

export type PromotionSeed = {
  code: string;
  category: PromotionCategory;
  tags: PromotionTag[];
  image: string;
  /** Days from the seed until the promotion ends; null → until further notice. */
  endsInDays: number | null;
  title: SeedTexts;
  summary: SeedTexts;
  content: SeedTexts;
};

const JOINING_EN =
  '<h3>How to join</h3><p>Where a promotion takes applications, log in and use the <strong>Apply</strong> or <strong>Join</strong> button on this page; its status beside the button tells you where you stand. Bonuses you receive, with their wagering progress, are in Bonus details in your member centre.</p>';
const JOINING_HI =
  '<h3>कैसे जुड़ें</h3><p>जहाँ प्रमोशन आवेदन लेता है, वहाँ लॉग इन करें और इस पेज पर <strong>आवेदन करें</strong> या <strong>जुड़ें</strong> बटन का उपयोग करें; बटन के पास की स्थिति बताती है कि आपका आवेदन कहाँ है। आपको मिले बोनस और उनकी वेजरिंग प्रगति आपके मेंबर सेंटर के बोनस विवरण में हैं।</p>';

const GENERAL_EN =
  '<h3>General terms</h3><ul><li>One account per person, household, device and IP address.</li><li>Lotus may refuse or withdraw a bonus that was obtained by abuse, and may ask for proof of identity.</li><li>The general promotion terms in our <a href="/help">help centre</a> apply.</li></ul>';
const GENERAL_HI =
  '<h3>सामान्य शर्तें</h3><ul><li>हर व्यक्ति, परिवार, डिवाइस और IP पते के लिए एक ही अकाउंट।</li><li>दुरुपयोग से पाया गया बोनस Lotus अस्वीकार कर सकता है या वापस ले सकता है, और पहचान का प्रमाण माँग सकता है।</li><li>हमारे <a href="/help">सहायता केंद्र</a> की सामान्य प्रमोशन शर्तें लागू होती हैं।</li></ul>';

export const DEMO_PROMOTIONS: PromotionSeed[] = [
  {
    code: 'welcome-bonus',
    category: 'newbie',
    tags: ['NEWBIE', 'SPECIAL_OFFER'],
    image: '/brand/promotions/welcome.svg',
    endsInDays: null,
    title: { EN: 'Welcome bonus: 100% on your first deposit', HI: 'वेलकम बोनस: पहली जमा राशि पर 100%' },
    summary: {
      EN: 'New players get a 100% bonus on their first deposit, up to P 5,000.',
      HI: 'नए खिलाड़ियों को पहली जमा राशि पर 100% बोनस, अधिकतम P 5,000।',
    },
    content: {
      EN: `<p>Start at Lotus with twice the balance: we match your first deposit in full, up to <strong>P 5,000</strong>.</p><h3>Terms</h3><ul><li>For accounts making their first deposit.</li><li>Minimum qualifying deposit: P 200.</li><li>Join first, then claim the bonus after your first deposit (or apply after it: it is credited at once).</li><li>The bonus must be wagered 10 times before the money it locks can be withdrawn: slot bets count in full, live casino bets at 10%, other games not at all.</li><li>You can forfeit an open bonus at any time in Bonus details.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>Lotus पर दोगुने बैलेंस से शुरुआत करें: हम आपकी पहली जमा राशि के बराबर बोनस देते हैं, अधिकतम <strong>P 5,000</strong>।</p><h3>शर्तें</h3><ul><li>उन अकाउंट के लिए जो पहली बार जमा कर रहे हैं।</li><li>न्यूनतम योग्य जमा राशि: P 200।</li><li>पहले जुड़ें, फिर पहली जमा के बाद बोनस क्लेम करें (या जमा के बाद आवेदन करें: बोनस तुरंत मिल जाता है)।</li><li>बोनस से लॉक हुई राशि निकालने से पहले बोनस को 10 बार दाँव पर लगाना होगा: स्लॉट के दाँव पूरे गिने जाते हैं, लाइव कैसीनो के 10%, बाकी गेम्स के नहीं।</li><li>आप बोनस विवरण में किसी भी खुले बोनस को कभी भी छोड़ सकते हैं।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'daily-rebate',
    category: 'rebate',
    tags: ['DAILY', 'HIGH_REBATE'],
    image: '/brand/promotions/rebate.svg',
    endsInDays: null,
    title: { EN: 'Daily rebate up to 1%', HI: 'रोज़ाना रिबेट 1% तक' },
    summary: {
      EN: 'A share of your valid bets comes back every day, win or lose.',
      HI: 'आपके मान्य दाँव का एक हिस्सा हर दिन वापस मिलता है, जीत हो या हार।',
    },
    content: {
      EN: `<p>Every day Lotus returns part of the previous day's valid bets to your wallet.</p><table><thead><tr><th scope="col">Game type</th><th scope="col">Rebate</th></tr></thead><tbody><tr><td>Slots and fishing</td><td>1.0%</td></tr><tr><td>Card games</td><td>0.8%</td></tr><tr><td>Live casino</td><td>0.6%</td></tr><tr><td>Sports and e-sports</td><td>0.5%</td></tr><tr><td>Lottery</td><td>0.3%</td></tr></tbody></table><h3>Terms</h3><ul><li>Valid bets are settled bets; cancelled, void and drawn bets do not count.</li><li>The day runs from 00:00 to 23:59 (India Standard Time); rebates are credited the next day.</li><li>Rebates need to be wagered once before withdrawal.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>Lotus हर दिन पिछले दिन के मान्य दाँव का एक हिस्सा आपके वॉलेट में लौटाता है।</p><table><thead><tr><th scope="col">गेम का प्रकार</th><th scope="col">रिबेट</th></tr></thead><tbody><tr><td>स्लॉट और फ़िशिंग</td><td>1.0%</td></tr><tr><td>कार्ड गेम्स</td><td>0.8%</td></tr><tr><td>लाइव कैसीनो</td><td>0.6%</td></tr><tr><td>स्पोर्ट्स और ई-स्पोर्ट्स</td><td>0.5%</td></tr><tr><td>लॉटरी</td><td>0.3%</td></tr></tbody></table><h3>शर्तें</h3><ul><li>मान्य दाँव वे हैं जिनका निपटारा हो चुका है; रद्द, शून्य और बराबरी वाले दाँव नहीं गिने जाते।</li><li>दिन 00:00 से 23:59 (भारतीय मानक समय) तक गिना जाता है; रिबेट अगले दिन जमा होता है।</li><li>निकासी से पहले रिबेट को एक बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'vip-club',
    category: 'ranking',
    tags: ['VIP'],
    image: '/brand/promotions/vip.svg',
    endsInDays: null,
    title: { EN: 'Lotus VIP club', HI: 'Lotus VIP क्लब' },
    summary: {
      EN: 'Climb the ranks for higher rebates, a birthday gift and a dedicated VIP line.',
      HI: 'रैंक बढ़ाएँ और पाएँ ज़्यादा रिबेट, जन्मदिन का उपहार और समर्पित VIP लाइन।',
    },
    content: {
      EN: `<p>Your VIP rank rises with your total valid bets and is reviewed at the start of every month.</p><ul><li><strong>Ranks 1–4:</strong> the standard daily rebate.</li><li><strong>Rank 5 and above:</strong> a rebate bonus of 0.2% on top, a monthly birthday gift in your birthday month and the VIP customer-service line.</li></ul><h3>Terms</h3><ul><li>A rank is kept for the month after it is reached; it may drop if there is no betting activity for 90 days.</li><li>Gifts need to be wagered three times before withdrawal.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>आपकी VIP रैंक आपके कुल मान्य दाँव के साथ बढ़ती है और हर महीने की शुरुआत में उसकी समीक्षा होती है।</p><ul><li><strong>रैंक 1–4:</strong> सामान्य दैनिक रिबेट।</li><li><strong>रैंक 5 और उससे ऊपर:</strong> 0.2% अतिरिक्त रिबेट, आपके जन्मदिन के महीने में उपहार और VIP ग्राहक सेवा लाइन।</li></ul><h3>शर्तें</h3><ul><li>पहुँची हुई रैंक अगले महीने तक बनी रहती है; 90 दिन तक कोई दाँव न लगाने पर रैंक घट सकती है।</li><li>निकासी से पहले उपहार को तीन बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'app-launch',
    category: 'appDownload',
    tags: ['LIMITED'],
    image: '/brand/promotions/app.svg',
    endsInDays: 90,
    title: {
      EN: 'App launch gift: P 100 on your first app login',
      HI: 'ऐप लॉन्च उपहार: ऐप में पहली बार लॉग इन पर P 100',
    },
    summary: {
      EN: 'The Lotus apps are coming soon. Log in through one for the first time and receive P 100.',
      HI: 'Lotus ऐप जल्द आ रहे हैं। किसी भी ऐप से पहली बार लॉग इन करें और P 100 पाएँ।',
    },
    content: {
      EN: `<p>The iOS and Android apps are being prepared. When they are released, the first login through an app earns a one-off gift of <strong>P 100</strong>.</p><p>You can already put Lotus on your home screen as the lite app: see the <a href="/down">app download page</a>.</p><h3>Terms</h3><ul><li>One gift per account, for the first login through the iOS or Android app (the lite app does not count).</li><li>The account must have made at least one deposit.</li><li>The gift needs to be wagered five times before withdrawal.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>iOS और Android ऐप तैयार किए जा रहे हैं। जारी होने पर किसी ऐप से पहली बार लॉग इन करने पर एक बार का <strong>P 100</strong> उपहार मिलेगा।</p><p>लाइट ऐप के रूप में आप Lotus को अभी अपनी होम स्क्रीन पर रख सकते हैं: <a href="/down">ऐप डाउनलोड पेज</a> देखें।</p><h3>शर्तें</h3><ul><li>हर अकाउंट को एक ही उपहार, iOS या Android ऐप से पहली बार लॉग इन पर (लाइट ऐप इसमें शामिल नहीं)।</li><li>अकाउंट से कम से कम एक बार जमा किया गया होना चाहिए।</li><li>निकासी से पहले उपहार को पाँच बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'weekend-reload',
    category: 'deposit',
    tags: ['LIMITED', 'SPECIAL_OFFER'],
    image: '/brand/promotions/reload.svg',
    endsInDays: 60,
    title: { EN: 'Weekend reload: 20% extra', HI: 'वीकेंड रीलोड: 20% अतिरिक्त' },
    summary: {
      EN: 'Deposit on Saturday or Sunday and get 20% extra, up to P 2,000.',
      HI: 'शनिवार या रविवार को जमा करें और पाएँ 20% अतिरिक्त, अधिकतम P 2,000।',
    },
    content: {
      EN: `<p>Every weekend your first deposit of the day earns a <strong>20%</strong> reload bonus, up to P 2,000.</p><h3>Terms</h3><ul><li>Once per day on Saturdays and Sundays (India Standard Time).</li><li>Minimum deposit: P 500.</li><li>Bonus and deposit must be wagered 10 times before withdrawal.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>हर वीकेंड दिन की आपकी पहली जमा राशि पर <strong>20%</strong> रीलोड बोनस, अधिकतम P 2,000।</p><h3>शर्तें</h3><ul><li>शनिवार और रविवार को दिन में एक बार (भारतीय मानक समय)।</li><li>न्यूनतम जमा राशि: P 500।</li><li>निकासी से पहले बोनस और जमा राशि को 10 बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'live-cashback',
    category: 'live',
    tags: ['DAILY'],
    image: '/brand/promotions/live.svg',
    endsInDays: null,
    title: { EN: 'Live casino cashback 5%', HI: 'लाइव कैसीनो कैशबैक 5%' },
    summary: {
      EN: 'Lost at the live tables yesterday? 5% of the net loss comes back, up to P 3,000.',
      HI: 'कल लाइव टेबल पर हार गए? शुद्ध हानि का 5% वापस, अधिकतम P 3,000।',
    },
    content: {
      EN: `<p>If your live casino result for the day is a net loss, 5% of it is returned the next day, up to <strong>P 3,000</strong>.</p><h3>Terms</h3><ul><li>Net loss = live casino bets minus live casino winnings for the day, after rebates.</li><li>Minimum net loss: P 500.</li><li>Cashback is credited by 12:00 the next day and needs to be wagered once before withdrawal.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>अगर दिन भर में लाइव कैसीनो में आपकी शुद्ध हानि हुई है, तो उसका 5% अगले दिन वापस मिलता है, अधिकतम <strong>P 3,000</strong>।</p><h3>शर्तें</h3><ul><li>शुद्ध हानि = दिन के लाइव कैसीनो दाँव में से लाइव कैसीनो जीत घटाकर, रिबेट के बाद।</li><li>न्यूनतम शुद्ध हानि: P 500।</li><li>कैशबैक अगले दिन 12:00 तक जमा होता है और निकासी से पहले उसे एक बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'slots-weekly-challenge',
    category: 'slots',
    tags: ['SPECIAL_OFFER'],
    image: '/brand/promotions/slots.svg',
    endsInDays: null,
    title: { EN: 'Slots weekly challenge', HI: 'स्लॉट साप्ताहिक चैलेंज' },
    summary: {
      EN: 'Reach weekly slot turnover milestones and collect a reward at each one.',
      HI: 'हर हफ़्ते स्लॉट टर्नओवर के पड़ाव पार करें और हर पड़ाव पर इनाम पाएँ।',
    },
    content: {
      EN: `<p>Each week (Monday to Sunday) your valid slot bets count towards three milestones:</p><table><thead><tr><th scope="col">Weekly slot turnover</th><th scope="col">Reward</th></tr></thead><tbody><tr><td>P 10,000</td><td>P 50</td></tr><tr><td>P 50,000</td><td>P 300</td></tr><tr><td>P 200,000</td><td>P 1,500</td></tr></tbody></table><h3>Terms</h3><ul><li>Rewards add up: reaching P 200,000 earns all three.</li><li>Rewards are credited on Monday and need to be wagered once before withdrawal.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>हर हफ़्ते (सोमवार से रविवार) आपके मान्य स्लॉट दाँव तीन पड़ावों में गिने जाते हैं:</p><table><thead><tr><th scope="col">साप्ताहिक स्लॉट टर्नओवर</th><th scope="col">इनाम</th></tr></thead><tbody><tr><td>P 10,000</td><td>P 50</td></tr><tr><td>P 50,000</td><td>P 300</td></tr><tr><td>P 200,000</td><td>P 1,500</td></tr></tbody></table><h3>शर्तें</h3><ul><li>इनाम जुड़ते जाते हैं: P 200,000 तक पहुँचने पर तीनों इनाम मिलते हैं।</li><li>इनाम सोमवार को जमा होते हैं और निकासी से पहले उन्हें एक बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'big-win-bonus',
    category: 'slots',
    tags: ['SPECIAL_OFFER'],
    image: '/brand/promotions/slots.svg',
    endsInDays: null,
    title: { EN: 'Share your big win: P 200 bonus', HI: 'अपनी बड़ी जीत साझा करें: P 200 बोनस' },
    summary: {
      EN: 'Won 50 times your bet or more on a slot? Send us the screenshot and get a P 200 bonus.',
      HI: 'किसी स्लॉट पर अपने दाँव की 50 गुना या अधिक जीत? हमें स्क्रीनशॉट भेजें और P 200 बोनस पाएँ।',
    },
    content: {
      EN: `<p>Apply with a short remark and up to three screenshots (PNG or JPG, at most 5 MB each) of a slot win of at least <strong>50×</strong> your bet. Our team reviews every application.</p><h3>Terms</h3><ul><li>One application per account.</li><li>An approved application credits a <strong>P 200</strong> bonus that must be wagered 3 times on slots before the money it locks can be withdrawn.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>एक छोटी टिप्पणी और किसी स्लॉट पर अपने दाँव की कम से कम <strong>50 गुना</strong> जीत के अधिकतम तीन स्क्रीनशॉट (PNG या JPG, हर एक अधिकतम 5 MB) के साथ आवेदन करें। हमारी टीम हर आवेदन की जाँच करती है।</p><h3>शर्तें</h3><ul><li>हर अकाउंट से एक ही आवेदन।</li><li>स्वीकृत आवेदन पर <strong>P 200</strong> बोनस मिलता है, जिसे लॉक हुई राशि निकालने से पहले स्लॉट पर 3 बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    // Issue 19 (H7): free rounds, the promotion engine's third award (demo-free-rounds.ts sets its rules).
    code: 'lotus-free-spins',
    category: 'slots',
    tags: ['NEWBIE', 'SPECIAL_OFFER'],
    image: '/brand/promotions/slots.svg',
    endsInDays: null,
    title: { EN: '10 free spins on Lotus Fortune', HI: 'लोटस फ़ॉर्च्यून पर 10 फ़्री स्पिन' },
    summary: {
      EN: 'Join and play 10 rounds of our studio slot Lotus Fortune at P 10.00 each, on the house.',
      HI: 'जुड़ें और हमारे स्टूडियो स्लॉट लोटस फ़ॉर्च्यून के 10 राउंड P 10.00 प्रति राउंड पर मुफ़्त खेलें।',
    },
    content: {
      EN: `<p>Join and receive <strong>10 free rounds</strong> of Lotus Fortune at a stake of P 10.00 each. Find them in Bonus details in your member centre and press <strong>Play</strong>: the game opens with your free rounds, no stake to choose.</p><h3>Terms</h3><ul><li>One grant per account.</li><li>Winnings from free rounds are paid into your wallet as cash.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>जुड़ें और लोटस फ़ॉर्च्यून के <strong>10 फ़्री राउंड</strong> पाएँ, हर राउंड P 10.00 का। उन्हें अपने मेंबर सेंटर के बोनस विवरण में देखें और <strong>खेलें</strong> दबाएँ: गेम आपके फ़्री राउंड के साथ खुलता है, कोई दाँव चुनना नहीं।</p><h3>शर्तें</h3><ul><li>हर अकाउंट को एक ही ग्रांट।</li><li>फ़्री राउंड की जीत आपके वॉलेट में नकद के रूप में आती है।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'sports-first-bet',
    category: 'sports',
    tags: ['NEWBIE'],
    image: '/brand/promotions/sports.svg',
    endsInDays: null,
    title: { EN: 'First sports bet insurance', HI: 'पहले स्पोर्ट्स दाँव का बीमा' },
    summary: {
      EN: 'If your first sports bet loses, get the stake back as a bonus, up to P 1,000.',
      HI: 'अगर आपका पहला स्पोर्ट्स दाँव हार जाए, तो दाँव की राशि बोनस के रूप में वापस, अधिकतम P 1,000।',
    },
    content: {
      EN: `<p>Place your first ever sports bet with peace of mind: if it loses, the stake comes back as a bonus, up to <strong>P 1,000</strong>.</p><h3>Terms</h3><ul><li>Only the first settled sports bet of the account counts; minimum odds 1.50.</li><li>Cashed-out and void bets do not qualify.</li><li>The bonus needs to be wagered five times on sports before withdrawal.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>अपना पहला स्पोर्ट्स दाँव निश्चिंत होकर लगाएँ: अगर वह हार जाए, तो दाँव की राशि बोनस के रूप में वापस मिलती है, अधिकतम <strong>P 1,000</strong>।</p><h3>शर्तें</h3><ul><li>केवल अकाउंट का पहला निपटाया गया स्पोर्ट्स दाँव गिना जाता है; न्यूनतम ऑड्स 1.50।</li><li>कैश-आउट और शून्य दाँव योग्य नहीं हैं।</li><li>निकासी से पहले बोनस को स्पोर्ट्स पर पाँच बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'fishing-happy-hour',
    category: 'fish',
    tags: ['DAILY', 'LIMITED'],
    image: '/brand/promotions/fish.svg',
    endsInDays: 45,
    title: { EN: 'Fishing happy hour', HI: 'फ़िशिंग हैप्पी आवर' },
    summary: {
      EN: 'Between 20:00 and 22:00 every day, fishing game bets earn double rebate.',
      HI: 'हर दिन 20:00 से 22:00 के बीच फ़िशिंग गेम्स के दाँव पर दोगुना रिबेट।',
    },
    content: {
      EN: `<p>From 20:00 to 22:00 (India Standard Time) every day, valid bets on fishing games earn <strong>twice</strong> the usual daily rebate.</p><h3>Terms</h3><ul><li>The extra rebate is paid with the daily rebate the next day.</li><li>The same wagering as the daily rebate applies.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>हर दिन 20:00 से 22:00 (भारतीय मानक समय) तक फ़िशिंग गेम्स के मान्य दाँव पर सामान्य दैनिक रिबेट का <strong>दोगुना</strong> मिलता है।</p><h3>शर्तें</h3><ul><li>अतिरिक्त रिबेट अगले दिन दैनिक रिबेट के साथ दिया जाता है।</li><li>दैनिक रिबेट वाली दाँव की शर्त ही लागू होती है।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
  {
    code: 'points-mall',
    category: 'pointsMall',
    tags: ['DAILY'],
    image: '/brand/promotions/points.svg',
    endsInDays: null,
    title: { EN: 'Earn points, redeem rewards', HI: 'पॉइंट कमाएँ, इनाम पाएँ' },
    summary: {
      EN: 'Every valid bet earns points that never expire. Exchange them in the points mall.',
      HI: 'हर मान्य दाँव पर पॉइंट मिलते हैं जो कभी ख़त्म नहीं होते। उन्हें पॉइंट मॉल में बदलें।',
    },
    content: {
      EN: `<p>Every P 100 of valid bets earns 1 point. Points do not expire, and you can exchange them in the <a href="/pointMall">points mall</a> for cash or goods.</p><h3>Terms</h3><ul><li>Redeeming needs your withdrawal password, and goods need a delivery address and a correct mobile number.</li><li>A redemption goes through the statuses in process, approved or rejected, and redeemed.</li></ul>${GENERAL_EN}`,
      HI: `<p>हर P 100 के मान्य दाँव पर 1 पॉइंट मिलता है। पॉइंट कभी ख़त्म नहीं होते, और आप उन्हें <a href="/pointMall">पॉइंट मॉल</a> में नकद या सामान के बदले ले सकते हैं।</p><h3>शर्तें</h3><ul><li>रिडीम करने के लिए आपका निकासी पासवर्ड चाहिए, और सामान के लिए डिलीवरी पता और सही मोबाइल नंबर।</li><li>हर रिडेम्पशन इन स्थितियों से गुज़रता है: प्रक्रिया में, स्वीकृत या अस्वीकृत, और रिडीम हो गया।</li></ul>${GENERAL_HI}`,
    },
  },
  {
    code: 'invite-friends',
    category: 'others',
    tags: ['SPECIAL_OFFER'],
    image: '/brand/promotions/invite.svg',
    endsInDays: null,
    title: { EN: 'Invite friends', HI: 'दोस्तों को आमंत्रित करें' },
    summary: {
      EN: 'Share your referral code; when a friend makes a first deposit, you both get P 100.',
      HI: 'अपना रेफ़रल कोड साझा करें; दोस्त के पहली बार जमा करने पर आप दोनों को P 100 मिलते हैं।',
    },
    content: {
      EN: `<p>Your referral code is in the member centre under <strong>Invite friends</strong>. When a friend registers with it and makes a first deposit of at least P 500, you both receive <strong>P 100</strong>.</p><h3>Terms</h3><ul><li>Friends must be new players aged 21 or over, and must not share your household, device or IP address.</li><li>Rewards need to be wagered three times before withdrawal.</li></ul>${JOINING_EN}${GENERAL_EN}`,
      HI: `<p>आपका रेफ़रल कोड मेंबर सेंटर में <strong>दोस्तों को आमंत्रित करें</strong> के अंदर है। जब कोई दोस्त इससे रजिस्टर करके कम से कम P 500 की पहली जमा करता है, तो आप दोनों को <strong>P 100</strong> मिलते हैं।</p><h3>शर्तें</h3><ul><li>दोस्त नए खिलाड़ी हों, 21 वर्ष या उससे अधिक आयु के हों, और आपका परिवार, डिवाइस या IP पता साझा न करते हों।</li><li>निकासी से पहले इनाम को तीन बार दाँव पर लगाना होगा।</li></ul>${JOINING_HI}${GENERAL_HI}`,
    },
  },
];
