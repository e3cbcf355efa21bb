import type { SeedTexts } from './seed-texts.ts';

/**
 * The demo brand's help centre: how Lotus works, in plain words. Features still being built are described
 * as general policy or as coming, never as if they were live today.
 */

export type HelpArticleSeed = { key: string; title: SeedTexts; content: SeedTexts };
export type HelpCategorySeed = { key: string; title: SeedTexts; articles: HelpArticleSeed[] };

export const DEMO_HELP_CENTRE: HelpCategorySeed[] = [
  {
    key: 'account',
    title: { EN: 'Account', HI: 'अकाउंट' },
    articles: [
      {
        key: 'create-account',
        title: { EN: 'How do I open an account?', HI: 'मैं अकाउंट कैसे खोलूँ?' },
        content: {
          EN: '<p>Choose <strong>Register</strong> at the top of any page. You can register with a username or with your mobile number.</p><ul><li>A username has 4 to 16 letters and digits and starts with a letter.</li><li>Choose a password you do not use anywhere else.</li><li>You must be <strong>21 years or older</strong> and accept the terms and conditions and the privacy policy.</li></ul><p>Each person may hold one account. Duplicate accounts may be closed and their bonuses withdrawn.</p>',
          HI: '<p>किसी भी पेज के ऊपर <strong>रजिस्टर</strong> चुनें। आप यूज़रनेम से या अपने मोबाइल नंबर से रजिस्टर कर सकते हैं।</p><ul><li>यूज़रनेम में 4 से 16 अक्षर और अंक होते हैं और यह किसी अक्षर से शुरू होता है।</li><li>ऐसा पासवर्ड चुनें जिसे आप कहीं और इस्तेमाल नहीं करते।</li><li>आपकी आयु <strong>21 वर्ष या उससे अधिक</strong> होनी चाहिए और आपको नियम और शर्तें तथा गोपनीयता नीति स्वीकार करनी होगी।</li></ul><p>हर व्यक्ति का एक ही अकाउंट हो सकता है। डुप्लिकेट अकाउंट बंद किए जा सकते हैं और उनके बोनस वापस लिए जा सकते हैं।</p>',
        },
      },
      {
        key: 'log-in',
        title: { EN: 'Ways to log in', HI: 'लॉग इन करने के तरीके' },
        content: {
          EN: '<p>You can log in with your username and password, or with your mobile number and a one-time SMS code.</p><ul><li>After a few failed attempts we ask you to complete a captcha.</li><li><strong>Remember me</strong> keeps your login details on this device for 24 hours. Do not use it on a shared device.</li><li>If you log in from a new place we may ask for an extra check, such as an SMS code.</li></ul>',
          HI: '<p>आप अपने यूज़रनेम और पासवर्ड से, या अपने मोबाइल नंबर और एक बार इस्तेमाल होने वाले SMS कोड से लॉग इन कर सकते हैं।</p><ul><li>कुछ असफल प्रयासों के बाद हम आपसे कैप्चा पूरा करने को कहते हैं।</li><li><strong>मुझे याद रखें</strong> आपकी लॉग इन जानकारी इस डिवाइस पर 24 घंटे तक रखता है। किसी साझा डिवाइस पर इसका इस्तेमाल न करें।</li><li>नई जगह से लॉग इन करने पर हम अतिरिक्त जाँच माँग सकते हैं, जैसे SMS कोड।</li></ul>',
        },
      },
      {
        key: 'forgot-password',
        title: { EN: 'I forgot my password', HI: 'मैं अपना पासवर्ड भूल गया हूँ' },
        content: {
          EN: '<p>Choose <strong>Forgot password</strong> in the login window.</p><ul><li><strong>By e-mail:</strong> enter your username and the e-mail address on your account; we send you instructions.</li><li><strong>By mobile:</strong> enter your mobile number, request an SMS code and choose a new password. You are logged in straight away.</li></ul><p>If neither works, contact customer service from the side menu.</p>',
          HI: '<p>लॉग इन विंडो में <strong>पासवर्ड भूल गए</strong> चुनें।</p><ul><li><strong>ई-मेल से:</strong> अपना यूज़रनेम और अकाउंट में दर्ज ई-मेल पता डालें; हम आपको निर्देश भेजते हैं।</li><li><strong>मोबाइल से:</strong> अपना मोबाइल नंबर डालें, SMS कोड माँगें और नया पासवर्ड चुनें। आप तुरंत लॉग इन हो जाते हैं।</li></ul><p>अगर दोनों से काम न बने, तो साइड मेन्यू से ग्राहक सेवा से संपर्क करें।</p>',
        },
      },
      {
        key: 'language-and-theme',
        title: { EN: 'Language and display', HI: 'भाषा और डिस्प्ले' },
        content: {
          EN: '<p>Lotus is available in English and Hindi. Pick your language with the flag at the top of the page; we remember it on this device. The sun and moon button switches between the light and dark themes.</p>',
          HI: '<p>Lotus अंग्रेज़ी और हिंदी में उपलब्ध है। पेज के ऊपर झंडे से अपनी भाषा चुनें; हम इसे इस डिवाइस पर याद रखते हैं। सूरज और चाँद वाला बटन लाइट और डार्क थीम के बीच बदलता है।</p>',
        },
      },
    ],
  },
  {
    key: 'deposits-withdrawals',
    title: { EN: 'Deposits and withdrawals', HI: 'जमा और निकासी' },
    articles: [
      {
        key: 'how-to-deposit',
        title: { EN: 'How do I make a deposit?', HI: 'मैं पैसे कैसे जमा करूँ?' },
        content: {
          EN: '<p>Open <strong>Deposit</strong> in the member centre. The methods available to your account, with their minimum and maximum amounts, are listed there.</p><ul><li>Only pay into the account details shown on the deposit page at that moment.</li><li>Never pay into an account someone sends you in a chat or message, even if they claim to be Lotus staff.</li><li>Keep your payment reference until the deposit appears in your wallet.</li></ul>',
          HI: '<p>मेंबर सेंटर में <strong>जमा करें</strong> खोलें। आपके अकाउंट के लिए उपलब्ध तरीके, उनकी न्यूनतम और अधिकतम राशि के साथ, वहीं दिखाए जाते हैं।</p><ul><li>केवल उन्हीं खाता विवरणों में भुगतान करें जो उस समय जमा पेज पर दिखाए गए हों।</li><li>चैट या संदेश में भेजे गए किसी खाते में कभी भुगतान न करें, भले ही भेजने वाला ख़ुद को Lotus का कर्मचारी बताए।</li><li>जमा राशि वॉलेट में दिखने तक अपना भुगतान संदर्भ संभालकर रखें।</li></ul>',
        },
      },
      {
        key: 'how-to-withdraw',
        title: { EN: 'How do I withdraw?', HI: 'मैं निकासी कैसे करूँ?' },
        content: {
          EN: '<p>Open <strong>Withdrawal</strong> in the member centre, choose the amount and the payout account, and confirm with your withdrawal password.</p><ul><li>Withdrawals are paid only to accounts in the name registered on your Lotus account.</li><li>Any bonus wagering must be completed first; the promotion page states how much.</li><li>We may ask for proof of identity before the first withdrawal.</li></ul>',
          HI: '<p>मेंबर सेंटर में <strong>निकासी</strong> खोलें, राशि और भुगतान पाने वाला खाता चुनें, और अपने निकासी पासवर्ड से पुष्टि करें।</p><ul><li>निकासी केवल उन्हीं खातों में भेजी जाती है जो आपके Lotus अकाउंट में दर्ज नाम पर हों।</li><li>पहले किसी भी बोनस की दाँव की शर्त पूरी करनी होगी; प्रमोशन पेज पर बताया गया है कि कितनी।</li><li>पहली निकासी से पहले हम पहचान का प्रमाण माँग सकते हैं।</li></ul>',
        },
      },
      {
        key: 'confirm-withdrawal',
        title: { EN: 'Confirming that a withdrawal arrived', HI: 'निकासी मिलने की पुष्टि करना' },
        content: {
          EN: '<p>After a withdrawal is paid out, please tell us what you received:</p><ul><li><strong>Received</strong>: the full amount arrived.</li><li><strong>Not received</strong>: upload proof, such as a statement screenshot, and we investigate.</li><li><strong>Partly received</strong>: enter the amount that arrived; we follow up on the rest.</li></ul><p>If you do not confirm within the stated time, the withdrawal counts as received.</p>',
          HI: '<p>निकासी का भुगतान होने के बाद कृपया बताएँ कि आपको क्या मिला:</p><ul><li><strong>मिल गया</strong>: पूरी राशि आ गई।</li><li><strong>नहीं मिला</strong>: प्रमाण अपलोड करें, जैसे स्टेटमेंट का स्क्रीनशॉट, और हम जाँच करेंगे।</li><li><strong>आंशिक रूप से मिला</strong>: जितनी राशि आई वह दर्ज करें; बाक़ी की हम जाँच करेंगे।</li></ul><p>तय समय के भीतर पुष्टि न करने पर निकासी को मिला हुआ माना जाता है।</p>',
        },
      },
      {
        key: 'deposit-missing',
        title: { EN: 'My deposit has not arrived', HI: 'मेरी जमा राशि नहीं आई' },
        content: {
          EN: '<p>Most deposits appear within a few minutes. If yours has not appeared after 30 minutes, send us feedback with the question type <strong>Deposit</strong>, the amount, the time and a screenshot of the payment. Do not pay again in the meantime.</p>',
          HI: '<p>ज़्यादातर जमा राशि कुछ ही मिनटों में दिख जाती है। अगर 30 मिनट बाद भी आपकी राशि नहीं दिखी, तो प्रश्न का प्रकार <strong>जमा</strong> चुनकर, राशि, समय और भुगतान के स्क्रीनशॉट के साथ हमें फ़ीडबैक भेजें। इस बीच दोबारा भुगतान न करें।</p>',
        },
      },
    ],
  },
  {
    key: 'games-fairness',
    title: { EN: 'Games and fairness', HI: 'गेम्स और निष्पक्षता' },
    articles: [
      {
        key: 'playing-games',
        title: { EN: 'Starting a game', HI: 'गेम शुरू करना' },
        content: {
          EN: '<p>Browse the categories in the top menu: slots, live casino, fishing, card games, sports, e-sports and lottery. You need to be logged in to start a game. Some providers open a list of their games first.</p><p>If a game is under maintenance, we tell you so and suggest other popular games.</p>',
          HI: '<p>ऊपर के मेन्यू में श्रेणियाँ देखें: स्लॉट, लाइव कैसीनो, फ़िशिंग, कार्ड गेम्स, स्पोर्ट्स, ई-स्पोर्ट्स और लॉटरी। गेम शुरू करने के लिए लॉग इन होना ज़रूरी है। कुछ प्रदाता पहले अपने गेम्स की सूची खोलते हैं।</p><p>अगर कोई गेम रखरखाव में है, तो हम आपको बताते हैं और दूसरे लोकप्रिय गेम्स सुझाते हैं।</p>',
        },
      },
      {
        key: 'favourites-recent',
        title: { EN: 'Favourites and recent games', HI: 'पसंदीदा और हाल के गेम्स' },
        content: {
          EN: '<p>Tap the heart on a game tile to add it to <strong>Favourites</strong>; tap it again to remove it. Games you played lately are under <strong>Recent</strong>. Both need you to be logged in.</p>',
          HI: '<p>किसी गेम टाइल पर दिल के निशान को दबाकर उसे <strong>पसंदीदा</strong> में जोड़ें; हटाने के लिए फिर से दबाएँ। हाल में खेले गए गेम्स <strong>हाल के</strong> में मिलते हैं। दोनों के लिए लॉग इन होना ज़रूरी है।</p>',
        },
      },
      {
        key: 'provably-fair',
        title: {
          EN: 'How Lotus Originals are provably fair',
          HI: 'Lotus Originals कैसे प्रमाणित रूप से निष्पक्ष हैं',
        },
        content: {
          EN: '<p>Lotus Originals, our in-house games, are being built to be <strong>provably fair</strong>:</p><ol><li>Before you play, the server commits to a secret seed by showing you its SHA-256 hash.</li><li>Each round is decided by that server seed, your own client seed (which you may change) and a round counter.</li><li>When the seed is rotated, the server reveals it, and you can check every round with the verifier in your browser.</li></ol><p>Until they launch, their tiles show that they are under maintenance.</p>',
          HI: '<p>हमारे इन-हाउस गेम्स, Lotus Originals, को <strong>प्रमाणित रूप से निष्पक्ष</strong> बनाया जा रहा है:</p><ol><li>खेलने से पहले सर्वर एक गुप्त सीड का SHA-256 हैश दिखाकर उसके प्रति प्रतिबद्ध होता है।</li><li>हर राउंड उस सर्वर सीड, आपके अपने क्लाइंट सीड (जिसे आप बदल सकते हैं) और राउंड काउंटर से तय होता है।</li><li>सीड बदलने पर सर्वर उसे प्रकट करता है, और आप अपने ब्राउज़र के वेरिफ़ायर से हर राउंड जाँच सकते हैं।</li></ol><p>लॉन्च होने तक उनकी टाइलों पर रखरखाव दिखाया जाता है।</p>',
        },
      },
      {
        key: 'free-play',
        title: { EN: 'Trying games for free', HI: 'गेम्स मुफ़्त में आज़माना' },
        content: {
          EN: '<p>Some games offer a free trial: look for the trial button on the tile. Trial play uses demo credits only; nothing you win in a trial can be withdrawn, and trial accounts cannot deposit or use the member centre.</p>',
          HI: '<p>कुछ गेम्स में मुफ़्त ट्रायल मिलता है: टाइल पर ट्रायल बटन देखें। ट्रायल में केवल डेमो क्रेडिट इस्तेमाल होते हैं; ट्रायल में जीती गई कोई राशि निकाली नहीं जा सकती, और ट्रायल अकाउंट से न जमा किया जा सकता है, न मेंबर सेंटर इस्तेमाल हो सकता है।</p>',
        },
      },
    ],
  },
  {
    key: 'responsible-gaming',
    title: { EN: 'Responsible gaming', HI: 'ज़िम्मेदार गेमिंग' },
    articles: [
      {
        key: 'our-commitment',
        title: { EN: 'Our commitment', HI: 'हमारी प्रतिबद्धता' },
        content: {
          EN: '<p>Gaming should be entertainment, never a way to earn money or escape problems. Lotus is only for adults aged <strong>21 or over</strong>, and we close accounts opened by anyone younger.</p><p>Our responsible gaming policy explains in full what we do and what you can ask us to do.</p>',
          HI: '<p>गेमिंग मनोरंजन होना चाहिए, पैसे कमाने या समस्याओं से भागने का ज़रिया कभी नहीं। Lotus केवल <strong>21 वर्ष या उससे अधिक</strong> आयु के वयस्कों के लिए है, और इससे कम आयु वालों के खोले गए अकाउंट हम बंद कर देते हैं।</p><p>हमारी ज़िम्मेदार गेमिंग नीति विस्तार से बताती है कि हम क्या करते हैं और आप हमसे क्या करवा सकते हैं।</p>',
        },
      },
      {
        key: 'limits-and-breaks',
        title: { EN: 'Limits, breaks and self-exclusion', HI: 'सीमाएँ, ब्रेक और स्व-बहिष्कार' },
        content: {
          EN: '<p>Decide before you play how much money and time you can afford, and stop when you reach it.</p><ul><li><strong>Take a break:</strong> ask customer service to suspend your account for a period you choose, from one day to six months.</li><li><strong>Self-exclusion:</strong> ask us to close your account for at least six months. We do not reopen it early and we stop all promotional messages.</li></ul>',
          HI: '<p>खेलने से पहले तय करें कि आप कितना पैसा और समय ख़र्च कर सकते हैं, और वहाँ पहुँचते ही रुक जाएँ।</p><ul><li><strong>ब्रेक लें:</strong> ग्राहक सेवा से अपने चुने हुए समय के लिए, एक दिन से छह महीने तक, अकाउंट निलंबित करने को कहें।</li><li><strong>स्व-बहिष्कार:</strong> हमसे कम से कम छह महीने के लिए अकाउंट बंद करने को कहें। हम इसे समय से पहले नहीं खोलते और सभी प्रचार संदेश बंद कर देते हैं।</li></ul>',
        },
      },
      {
        key: 'warning-signs',
        title: { EN: 'Warning signs', HI: 'चेतावनी के संकेत' },
        content: {
          EN: '<p>Consider taking a break if you:</p><ul><li>spend more than you planned, or money meant for bills;</li><li>try to win back what you lost;</li><li>borrow money or sell things to play;</li><li>feel anxious or irritable when you are not playing;</li><li>hide your gaming from family or friends.</li></ul>',
          HI: '<p>ब्रेक लेने पर विचार करें अगर आप:</p><ul><li>योजना से ज़्यादा ख़र्च करते हैं, या बिलों के पैसे लगाते हैं;</li><li>हारा हुआ पैसा वापस जीतने की कोशिश करते हैं;</li><li>खेलने के लिए पैसे उधार लेते हैं या चीज़ें बेचते हैं;</li><li>न खेलने पर बेचैनी या चिड़चिड़ापन महसूस करते हैं;</li><li>अपनी गेमिंग परिवार या दोस्तों से छिपाते हैं।</li></ul>',
        },
      },
      {
        key: 'getting-help',
        title: { EN: 'Getting help', HI: 'मदद पाना' },
        content: {
          EN: '<p>Talk to our customer service team at any time; they can set a break or self-exclusion straight away. Talking to someone you trust, your doctor or a local counselling service can also help. You are not alone.</p>',
          HI: '<p>हमारी ग्राहक सेवा टीम से कभी भी बात करें; वे तुरंत ब्रेक या स्व-बहिष्कार लागू कर सकते हैं। किसी भरोसेमंद व्यक्ति, अपने डॉक्टर या स्थानीय परामर्श सेवा से बात करना भी मदद कर सकता है। आप अकेले नहीं हैं।</p>',
        },
      },
    ],
  },
  {
    key: 'security',
    title: { EN: 'Security', HI: 'सुरक्षा' },
    articles: [
      {
        key: 'protect-account',
        title: { EN: 'Protecting your account', HI: 'अपने अकाउंट की सुरक्षा' },
        content: {
          EN: '<ul><li>Use a long password that you use nowhere else, and a different withdrawal password.</li><li>Keep your mobile number and e-mail address up to date so you can always recover your account.</li><li>Change your password in the security centre if you think someone else knows it.</li></ul>',
          HI: '<ul><li>लंबा पासवर्ड रखें जिसे आप कहीं और इस्तेमाल न करते हों, और निकासी के लिए अलग पासवर्ड रखें।</li><li>अपना मोबाइल नंबर और ई-मेल पता अपडेट रखें ताकि आप हमेशा अपना अकाउंट वापस पा सकें।</li><li>अगर आपको लगता है कि किसी और को आपका पासवर्ड पता है, तो सुरक्षा केंद्र में उसे बदल दें।</li></ul>',
        },
      },
      {
        key: 'phishing',
        title: { EN: 'Recognising fake messages', HI: 'नकली संदेश पहचानना' },
        content: {
          EN: '<p><strong>Lotus staff will never ask for your password, withdrawal password or SMS code</strong>, and never ask you to pay into a personal account.</p><p>Check the address bar before you log in, and open Lotus from the domains published in the site itself. If a message looks suspicious, do not click its links; report it to customer service.</p>',
          HI: '<p><strong>Lotus के कर्मचारी कभी भी आपका पासवर्ड, निकासी पासवर्ड या SMS कोड नहीं माँगेंगे</strong>, और कभी किसी निजी खाते में भुगतान करने को नहीं कहेंगे।</p><p>लॉग इन करने से पहले एड्रेस बार जाँचें, और Lotus को केवल साइट पर प्रकाशित डोमेन से ही खोलें। कोई संदेश संदिग्ध लगे तो उसके लिंक पर क्लिक न करें; ग्राहक सेवा को इसकी सूचना दें।</p>',
        },
      },
      {
        key: 'shared-devices',
        title: { EN: 'Using a shared device', HI: 'साझा डिवाइस का इस्तेमाल' },
        content: {
          EN: '<p>On a device other people use, do not tick <strong>Remember me</strong>, and always sign out when you finish. Your session ends when you close the browser tab, but signing out ends it at once.</p>',
          HI: '<p>जिस डिवाइस को दूसरे लोग भी इस्तेमाल करते हैं, उस पर <strong>मुझे याद रखें</strong> न चुनें, और काम ख़त्म होने पर हमेशा साइन आउट करें। ब्राउज़र टैब बंद करने पर आपका सेशन ख़त्म हो जाता है, लेकिन साइन आउट करने से वह तुरंत ख़त्म होता है।</p>',
        },
      },
      {
        key: 'report-problem',
        title: { EN: 'Reporting a problem', HI: 'समस्या की सूचना देना' },
        content: {
          EN: '<p>Use the <strong>Feedback</strong> form to tell us about a problem: choose the question type, describe what happened in 10 to 500 characters and attach up to three screenshots (PNG or JPG, 5 MB each). For anything urgent, such as a suspected account takeover, contact customer service directly.</p>',
          HI: '<p>किसी समस्या के बारे में बताने के लिए <strong>फ़ीडबैक</strong> फ़ॉर्म का इस्तेमाल करें: प्रश्न का प्रकार चुनें, 10 से 500 अक्षरों में बताएँ कि क्या हुआ, और तीन तक स्क्रीनशॉट (PNG या JPG, हर एक 5 MB तक) जोड़ें। किसी ज़रूरी मामले में, जैसे अकाउंट पर किसी और के क़ब्ज़े का संदेह हो, सीधे ग्राहक सेवा से संपर्क करें।</p>',
        },
      },
    ],
  },
];
