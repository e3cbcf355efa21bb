/**
 * The "forgot password" e-mail, in the member's language (English unless it is Hindi: the languages Lotus
 * has real text for). Plain text so every mail client shows the link as it is.
 */

export type ResetMailInput = {
  language: string | null;
  brandName: string;
  username: string;
  link: string;
  validMinutes: number;
};

export function resetMail({ language, brandName, username, link, validMinutes }: ResetMailInput): {
  subject: string;
  text: string;
} {
  if (language === 'HI') {
    return {
      subject: `अपना ${brandName} पासवर्ड रीसेट करें`,
      text: [
        `नमस्ते ${username},`,
        '',
        `किसी ने आपके ${brandName} खाते का पासवर्ड रीसेट करने का अनुरोध किया है। नया पासवर्ड चुनने के लिए ${validMinutes} मिनट के भीतर यह लिंक खोलें:`,
        '',
        link,
        '',
        'यह लिंक केवल एक बार काम करता है। यदि आपने यह अनुरोध नहीं किया है, तो इस ई-मेल को अनदेखा करें; आपका पासवर्ड नहीं बदलेगा।',
      ].join('\n'),
    };
  }
  return {
    subject: `Reset your ${brandName} password`,
    text: [
      `Hello ${username},`,
      '',
      `Someone asked to reset the password of your ${brandName} account. To choose a new password, open this link within ${validMinutes} minutes:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for this, ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}
