import type { SportCode } from '@lotus/shared/sportsbook.schema';
import type { SbNamesColumn } from '../../db/tables/sportsbook.ts';

/**
 * The demo's competitions and their fictional sides (docs/sportsbook.md "Demo"), and the pace of each
 * competition's calendar. The seed creates the competitions per brand; the simulator's and the arena's
 * `fixtures` pick sides from here. Every name is made up.
 */

export type DemoCompetition = {
  code: string;
  sport: SportCode;
  name: SbNamesColumn;
  country: string;
  format: string;
  /** About how long one event plays at the demo's pace (minutes): spaces the calendar. */
  playsMinutes: number;
  /** A new event starts every this many minutes, so about playsMinutes / everyMinutes run at once. */
  everyMinutes: number;
  /** Shifts the competition's slots so the sports do not all start on the same minute. */
  offsetMinutes: number;
  sides: SbNamesColumn[];
};

const n = (EN: string, HI: string): SbNamesColumn => ({ EN, HI });

const ESPORTS_SIDES = [
  n('Neon Tigers', 'नियॉन टाइगर्स'),
  n('Iron Monks', 'आयरन मॉन्क्स'),
  n('Void Runners', 'वॉइड रनर्स'),
  n('Crimson Owls', 'क्रिमसन आउल्स'),
  n('Solar Flare', 'सोलर फ़्लेयर'),
  n('Frost Giants', 'फ़्रॉस्ट जायंट्स'),
  n('Byte Knights', 'बाइट नाइट्स'),
  n('Shadow Lotus', 'शैडो लोटस'),
];

export const DEMO_COMPETITIONS: DemoCompetition[] = [
  {
    code: 'indian-t20',
    sport: 'cricket',
    name: n('Indian T20 League', 'इंडियन टी20 लीग'),
    country: 'IN',
    format: 't20',
    playsMinutes: 24,
    everyMinutes: 12,
    offsetMinutes: 3,
    sides: [
      n('Mumbai Mariners', 'मुंबई मरीनर्स'),
      n('Chennai Chargers', 'चेन्नई चार्जर्स'),
      n('Kolkata Kites', 'कोलकाता काइट्स'),
      n('Jaipur Jaguars', 'जयपुर जगुआर्स'),
      n('Hyderabad Hawks', 'हैदराबाद हॉक्स'),
      n('Bengaluru Blazers', 'बेंगलुरु ब्लेज़र्स'),
      n('Lucknow Lancers', 'लखनऊ लांसर्स'),
      n('Delhi Comets', 'दिल्ली कॉमेट्स'),
    ],
  },
  {
    code: 'odi-series',
    sport: 'cricket',
    name: n('Tri-Nation ODI Series', 'त्रिकोणीय वनडे सीरीज़'),
    country: '',
    format: 'odi',
    playsMinutes: 55,
    everyMinutes: 45,
    offsetMinutes: 17,
    sides: [n('Avalonia', 'अवालोनिया'), n('Meridia', 'मेरिडिया'), n('Zephyria', 'ज़ेफ़िरिया')],
  },
  {
    code: 'premier-league',
    sport: 'football',
    name: n('Lotus Premier League', 'लोटस प्रीमियर लीग'),
    country: '',
    format: 'ft90',
    playsMinutes: 10,
    everyMinutes: 5,
    offsetMinutes: 1,
    sides: [
      n('Riverside United', 'रिवरसाइड यूनाइटेड'),
      n('Harbour City', 'हार्बर सिटी'),
      n('Northgate Rovers', 'नॉर्थगेट रोवर्स'),
      n('Eastbrook Athletic', 'ईस्टब्रुक एथलेटिक'),
      n('Kingsport Wanderers', 'किंग्सपोर्ट वांडरर्स'),
      n('Lakeside Albion', 'लेकसाइड एल्बियन'),
      n('Westfield Town', 'वेस्टफ़ील्ड टाउन'),
      n('Hillcrest FC', 'हिलक्रेस्ट एफ़सी'),
    ],
  },
  {
    code: 'raiders-league',
    sport: 'kabaddi',
    name: n('Pro Raiders League', 'प्रो रेडर्स लीग'),
    country: 'IN',
    format: 'pkl40',
    playsMinutes: 10,
    everyMinutes: 6,
    offsetMinutes: 2,
    sides: [
      n('Pune Pythons', 'पुणे पाइथन्स'),
      n('Surat Sultans', 'सूरत सुल्तान्स'),
      n('Nagpur Ninjas', 'नागपुर निंजाज़'),
      n('Indore Icons', 'इंदौर आइकन्स'),
      n('Ranchi Rhinos', 'रांची राइनोज़'),
      n('Goa Gladiators', 'गोवा ग्लैडिएटर्स'),
    ],
  },
  {
    code: 'tennis-tour',
    sport: 'tennis',
    name: n('Lotus Tennis Tour', 'लोटस टेनिस टूर'),
    country: '',
    format: 'bo3',
    playsMinutes: 12,
    everyMinutes: 6,
    offsetMinutes: 4,
    sides: [
      n('Aarav Verma', 'आरव वर्मा'),
      n('Lucie Moreau', 'लूसी मोरो'),
      n('Kenji Tanaka', 'केंजी तनाका'),
      n('Sofia Rossi', 'सोफ़िया रॉसी'),
      n('Rohan Iyer', 'रोहन अय्यर'),
      n('Marta Novak', 'मार्टा नोवाक'),
      n('Diego Silva', 'डिएगो सिल्वा'),
      n('Ji-woo Park', 'जी-वू पार्क'),
    ],
  },
  {
    code: 'cs2-masters',
    sport: 'cs2',
    name: n('CS2 Masters', 'सीएस2 मास्टर्स'),
    country: '',
    format: 'bo3',
    playsMinutes: 14,
    everyMinutes: 8,
    offsetMinutes: 0,
    sides: ESPORTS_SIDES,
  },
  {
    code: 'dota2-league',
    sport: 'dota2',
    name: n('Dota 2 Pro League', 'डोटा 2 प्रो लीग'),
    country: '',
    format: 'bo3',
    playsMinutes: 8,
    everyMinutes: 5,
    offsetMinutes: 3,
    sides: ESPORTS_SIDES,
  },
  {
    code: 'valorant-cup',
    sport: 'valorant',
    name: n('Valorant Champions Cup', 'वैलोरेंट चैंपियंस कप'),
    country: '',
    format: 'bo3',
    playsMinutes: 14,
    everyMinutes: 8,
    offsetMinutes: 5,
    sides: ESPORTS_SIDES,
  },
  {
    code: 'lol-league',
    sport: 'lol',
    name: n('LoL Legends League', 'एलओएल लेजेंड्स लीग'),
    country: '',
    format: 'bo3',
    playsMinutes: 8,
    everyMinutes: 5,
    offsetMinutes: 1,
    sides: ESPORTS_SIDES,
  },
  {
    code: 'sabong-arena',
    sport: 'cockfight',
    name: n('Lotus Sabong Arena', 'लोटस सबोंग एरीना'),
    country: '',
    format: 'fight',
    playsMinutes: 3,
    everyMinutes: 3,
    offsetMinutes: 0,
    sides: [
      n('Red Baron', 'रेड बैरन'),
      n('Golden Spur', 'गोल्डन स्पर'),
      n('Black Thunder', 'ब्लैक थंडर'),
      n('White Lightning', 'व्हाइट लाइटनिंग'),
      n('Iron Beak', 'आयरन बीक'),
      n('Storm Wing', 'स्टॉर्म विंग'),
      n('Fire Crest', 'फ़ायर क्रेस्ट'),
      n('Jade Talon', 'जेड टैलन'),
    ],
  },
];

export const ARENA_COMPETITION = 'sabong-arena';
