import type { SeedTexts } from './seed-texts.ts';

/** The demo brand's blog: four articles about Lotus itself, play safety and fairness. */

export type BlogPostSeed = {
  slug: string;
  cover: string;
  /** Days before the seed the post was published. */
  publishedDaysAgo: number;
  title: SeedTexts;
  summary: SeedTexts;
  content: SeedTexts;
};

export const DEMO_BLOG_POSTS: BlogPostSeed[] = [
  {
    slug: 'welcome-to-lotus',
    cover: '/brand/blog/welcome.svg',
    publishedDaysAgo: 21,
    title: { EN: 'Welcome to Lotus', HI: 'Lotus में आपका स्वागत है' },
    summary: {
      EN: 'What Lotus is, what you can play, and the principles we run the site by.',
      HI: 'Lotus क्या है, आप क्या खेल सकते हैं, और हम साइट किन सिद्धांतों पर चलाते हैं।',
    },
    content: {
      EN: '<p>Lotus brings live casino, slots, fishing, card games, sports, e-sports and lottery together in one account and one wallet, in English and Hindi.</p><h2>How we run the site</h2><ul><li><strong>Plain terms.</strong> Every promotion states its conditions on its own page: what qualifies, how much wagering, how long it lasts.</li><li><strong>Your money is yours.</strong> Every movement in your wallet is recorded, and withdrawals go only to accounts in your own name.</li><li><strong>Adults only.</strong> You must be 21 or older to play.</li><li><strong>Help when you need it.</strong> Customer service is in the side menu on every page, and the help centre answers the common questions.</li></ul><p>We are adding to Lotus all the time. Notices about new features and planned maintenance appear in the announcement bar on the home page.</p>',
      HI: '<p>Lotus लाइव कैसीनो, स्लॉट, फ़िशिंग, कार्ड गेम्स, स्पोर्ट्स, ई-स्पोर्ट्स और लॉटरी को एक अकाउंट और एक वॉलेट में, अंग्रेज़ी और हिंदी में, एक साथ लाता है।</p><h2>हम साइट कैसे चलाते हैं</h2><ul><li><strong>साफ़ शर्तें।</strong> हर प्रमोशन अपने पेज पर अपनी शर्तें बताता है: क्या योग्य है, कितनी दाँव की शर्त है, यह कब तक चलेगा।</li><li><strong>आपका पैसा आपका है।</strong> आपके वॉलेट का हर लेन-देन दर्ज होता है, और निकासी केवल आपके अपने नाम के खातों में जाती है।</li><li><strong>केवल वयस्कों के लिए।</strong> खेलने के लिए आपकी आयु 21 वर्ष या उससे अधिक होनी चाहिए।</li><li><strong>ज़रूरत पर मदद।</strong> ग्राहक सेवा हर पेज के साइड मेन्यू में है, और सहायता केंद्र आम सवालों के जवाब देता है।</li></ul><p>हम Lotus में लगातार नई चीज़ें जोड़ रहे हैं। नई सुविधाओं और नियोजित रखरखाव की सूचनाएँ होम पेज की घोषणा पट्टी में दिखती हैं।</p>',
    },
  },
  {
    slug: 'how-provably-fair-games-work',
    cover: '/brand/blog/fairness.svg',
    publishedDaysAgo: 14,
    title: { EN: 'How provably fair games work', HI: 'प्रमाणित रूप से निष्पक्ष गेम्स कैसे काम करते हैं' },
    summary: {
      EN: 'Seeds, hashes and a verifier in your browser: how you will be able to check every round of Lotus Originals yourself.',
      HI: 'सीड, हैश और आपके ब्राउज़र में वेरिफ़ायर: Lotus Originals का हर राउंड आप ख़ुद कैसे जाँच पाएँगे।',
    },
    content: {
      EN: '<p>With most online games you have to trust that the result was not changed after you placed your bet. A <strong>provably fair</strong> game lets you check it instead.</p><h2>Three ingredients</h2><ol><li><strong>Server seed.</strong> A secret random value. Before you play, you see its SHA-256 hash: a fingerprint that commits the server to the seed without revealing it.</li><li><strong>Client seed.</strong> A value from your side that you may change at any time, so the server cannot pick a seed that suits it.</li><li><strong>Nonce.</strong> A counter that goes up by one every round.</li></ol><p>Each result is computed as HMAC-SHA256 of the server seed with the client seed and nonce. When you rotate the seed, the old server seed is revealed: hash it, compare it with the fingerprint you were shown, and replay any round with the verifier.</p><h2>When?</h2><p>Lotus Originals, our in-house games, are being built on this method. Until they launch, their tiles are marked as under maintenance.</p>',
      HI: '<p>ज़्यादातर ऑनलाइन गेम्स में आपको भरोसा करना पड़ता है कि दाँव लगाने के बाद नतीजा बदला नहीं गया। <strong>प्रमाणित रूप से निष्पक्ष</strong> गेम आपको इसे ख़ुद जाँचने देता है।</p><h2>तीन घटक</h2><ol><li><strong>सर्वर सीड।</strong> एक गुप्त यादृच्छिक मान। खेलने से पहले आपको उसका SHA-256 हैश दिखता है: एक फ़िंगरप्रिंट जो सीड को बताए बिना सर्वर को उसके प्रति प्रतिबद्ध करता है।</li><li><strong>क्लाइंट सीड।</strong> आपकी ओर से एक मान जिसे आप कभी भी बदल सकते हैं, ताकि सर्वर अपने फ़ायदे का सीड न चुन सके।</li><li><strong>नॉन्स।</strong> एक काउंटर जो हर राउंड में एक बढ़ता है।</li></ol><p>हर नतीजा सर्वर सीड, क्लाइंट सीड और नॉन्स के HMAC-SHA256 से निकाला जाता है। सीड बदलने पर पुराना सर्वर सीड प्रकट हो जाता है: उसका हैश निकालें, दिखाए गए फ़िंगरप्रिंट से मिलाएँ, और वेरिफ़ायर से कोई भी राउंड दोबारा चलाकर देखें।</p><h2>कब?</h2><p>हमारे इन-हाउस गेम्स, Lotus Originals, इसी तरीके पर बनाए जा रहे हैं। लॉन्च होने तक उनकी टाइलों पर रखरखाव दिखाया जाता है।</p>',
    },
  },
  {
    slug: 'playing-within-your-limits',
    cover: '/brand/blog/limits.svg',
    publishedDaysAgo: 9,
    title: { EN: 'Playing within your limits', HI: 'अपनी सीमाओं में रहकर खेलना' },
    summary: {
      EN: 'Five habits that keep gaming fun, and what to do when it stops being fun.',
      HI: 'पाँच आदतें जो गेमिंग को मज़ेदार बनाए रखती हैं, और मज़ा ख़त्म होने पर क्या करें।',
    },
    content: {
      EN: '<ol><li><strong>Set a budget first.</strong> Decide what you can afford to lose before you log in, and treat it as the price of entertainment.</li><li><strong>Set a time limit.</strong> Use an alarm on your phone; sessions run longer than they feel.</li><li><strong>Never chase losses.</strong> Trying to win back what you lost is the fastest way to lose more.</li><li><strong>Do not play to fix a mood.</strong> Gaming when stressed, tired or after drinking leads to decisions you would not otherwise make.</li><li><strong>Keep bonuses in perspective.</strong> Read the wagering terms before you accept one.</li></ol><p>If gaming stops being fun, take a break. Our customer service can suspend your account for a period you choose or close it through self-exclusion, straight away and without questions.</p>',
      HI: '<ol><li><strong>पहले बजट तय करें।</strong> लॉग इन करने से पहले तय करें कि आप कितना हारना सह सकते हैं, और उसे मनोरंजन की क़ीमत मानें।</li><li><strong>समय सीमा तय करें।</strong> अपने फ़ोन पर अलार्म लगाएँ; सेशन जितना लगता है उससे लंबा चलता है।</li><li><strong>हार का पीछा कभी न करें।</strong> हारा हुआ पैसा वापस जीतने की कोशिश और ज़्यादा हारने का सबसे तेज़ रास्ता है।</li><li><strong>मूड ठीक करने के लिए न खेलें।</strong> तनाव, थकान या शराब के बाद खेलने से ऐसे फ़ैसले होते हैं जो आप वैसे नहीं लेते।</li><li><strong>बोनस को सही नज़र से देखें।</strong> कोई बोनस स्वीकार करने से पहले उसकी दाँव की शर्तें पढ़ें।</li></ol><p>अगर गेमिंग में मज़ा नहीं रह गया, तो ब्रेक लें। हमारी ग्राहक सेवा आपके चुने हुए समय के लिए अकाउंट निलंबित कर सकती है या स्व-बहिष्कार के ज़रिए उसे बंद कर सकती है, तुरंत और बिना सवाल पूछे।</p>',
    },
  },
  {
    slug: 'keeping-your-account-safe',
    cover: '/brand/blog/security.svg',
    publishedDaysAgo: 3,
    title: { EN: 'Keeping your account safe', HI: 'अपने अकाउंट को सुरक्षित रखना' },
    summary: {
      EN: 'Scammers copy gaming sites and pretend to be staff. Here is how to spot them.',
      HI: 'धोखेबाज़ गेमिंग साइटों की नकल करते हैं और कर्मचारी बनकर सामने आते हैं। उन्हें ऐसे पहचानें।',
    },
    content: {
      EN: '<p>Most account takeovers start with a message, not with hacking. Three rules protect you from nearly all of them:</p><ul><li><strong>Nobody from Lotus asks for your password, withdrawal password or SMS code.</strong> Not in chat, not by phone, not by e-mail.</li><li><strong>Only pay into the details on the deposit page.</strong> A "new account number" sent in a message is a scam.</li><li><strong>Check where you are.</strong> Look at the address bar before you type your password, and be wary of links in messages.</li></ul><blockquote>If you think someone has your password, change it in the security centre and contact customer service at once.</blockquote>',
      HI: '<p>ज़्यादातर अकाउंट पर क़ब्ज़े हैकिंग से नहीं, एक संदेश से शुरू होते हैं। तीन नियम आपको लगभग सभी से बचाते हैं:</p><ul><li><strong>Lotus का कोई भी व्यक्ति आपका पासवर्ड, निकासी पासवर्ड या SMS कोड नहीं माँगता।</strong> न चैट में, न फ़ोन पर, न ई-मेल से।</li><li><strong>केवल जमा पेज पर दिए गए विवरण में भुगतान करें।</strong> संदेश में भेजा गया "नया खाता नंबर" धोखा है।</li><li><strong>देखें कि आप कहाँ हैं।</strong> पासवर्ड टाइप करने से पहले एड्रेस बार देखें, और संदेशों में आए लिंक से सावधान रहें।</li></ul><blockquote>अगर आपको लगता है कि किसी के पास आपका पासवर्ड है, तो सुरक्षा केंद्र में उसे बदलें और तुरंत ग्राहक सेवा से संपर्क करें।</blockquote>',
    },
  },
];
