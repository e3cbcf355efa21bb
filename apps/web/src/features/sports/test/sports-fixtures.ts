import type {
  SportsBet,
  SportsEventDetail,
  SportsEventSummary,
  SportsMarket,
  SportsSelection,
} from '@lotus/shared/sportsbook.schema';
import type { EventsPage } from '../api/events.ts';
import type { SlipPick } from '../utils/slip-maths.ts';

/** Events, markets and bets as the book's API answers them, for the sports pages' tests. */
export function makeSelection(
  overrides: Partial<SportsSelection> & Pick<SportsSelection, 'id' | 'key'>,
): SportsSelection {
  return {
    name: { EN: overrides.key, HI: overrides.key },
    oddsMilli: 2000,
    active: true,
    outcome: null,
    deadHeatMilli: null,
    ...overrides,
  };
}

export function makeMarket(overrides: Partial<SportsMarket> = {}): SportsMarket {
  return {
    id: '501',
    type: 'match_winner',
    param: '',
    lineMilli: 0,
    status: 'open',
    inPlay: false,
    version: 1,
    minOddsMilli: 1010,
    maxStakeMinor: '10000000',
    selections: [
      makeSelection({
        id: '9001',
        key: 'home',
        name: { EN: 'Mumbai Mavericks', HI: 'मुंबई मेवरिक्स' },
        oddsMilli: 1910,
      }),
      makeSelection({
        id: '9002',
        key: 'away',
        name: { EN: 'Chennai Chargers', HI: 'चेन्नई चार्जर्स' },
        oddsMilli: 1950,
      }),
    ],
    ...overrides,
  };
}

export function makeEvent(overrides: Partial<SportsEventSummary> = {}): SportsEventSummary {
  return {
    id: '101',
    sport: 'cricket',
    competition: { code: 'ipl', name: { EN: 'Indian T20 League', HI: 'इंडियन टी20 लीग' } },
    format: 't20',
    home: { EN: 'Mumbai Mavericks', HI: 'मुंबई मेवरिक्स' },
    away: { EN: 'Chennai Chargers', HI: 'चेन्नई चार्जर्स' },
    startsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    status: 'scheduled',
    score: null,
    mainMarket: makeMarket(),
    marketCount: 6,
    ...overrides,
  };
}

/** A live football match (1 X 2) in another competition. */
export function makeFootball(overrides: Partial<SportsEventSummary> = {}): SportsEventSummary {
  return makeEvent({
    id: '202',
    sport: 'football',
    competition: { code: 'fpl', name: { EN: 'Premier Football League', HI: 'प्रीमियर फ़ुटबॉल लीग' } },
    format: 'ft90',
    home: { EN: 'Delhi Dynamos', HI: 'दिल्ली डायनामोज़' },
    away: { EN: 'Goa Gulls', HI: 'गोवा गल्स' },
    status: 'live',
    startsAt: new Date(Date.now() - 40 * 60_000).toISOString(),
    score: { home: '1', away: '0', clock: "38'", period: '1H' },
    mainMarket: makeMarket({
      id: '601',
      type: 'match_result',
      inPlay: true,
      selections: [
        makeSelection({
          id: '9101',
          key: 'home',
          name: { EN: 'Delhi Dynamos', HI: 'दिल्ली डायनामोज़' },
          oddsMilli: 1500,
        }),
        makeSelection({ id: '9102', key: 'draw', name: { EN: 'Draw', HI: 'ड्रॉ' }, oddsMilli: 4200 }),
        makeSelection({
          id: '9103',
          key: 'away',
          name: { EN: 'Goa Gulls', HI: 'गोवा गल्स' },
          oddsMilli: 6000,
        }),
      ],
    }),
    marketCount: 12,
    ...overrides,
  });
}

export function makeEventsPage(list: SportsEventSummary[] = [makeEvent(), makeFootball()]): EventsPage {
  return {
    sports: [
      { sport: 'cricket', live: 0, total: 1 },
      { sport: 'football', live: 1, total: 1 },
    ],
    competitions: list.map((event) => ({ ...event.competition, sport: event.sport })),
    list,
  };
}

export function makeDetail(overrides: Partial<SportsEventDetail> = {}): SportsEventDetail {
  const event = makeFootball();
  return {
    ...event,
    markets: [
      event.mainMarket ?? makeMarket(),
      makeMarket({
        id: '602',
        type: 'total_goals',
        lineMilli: 2500,
        inPlay: true,
        selections: [
          makeSelection({
            id: '9201',
            key: 'over',
            name: { EN: 'Over 2.5', HI: '2.5 से अधिक' },
            oddsMilli: 2100,
          }),
          makeSelection({
            id: '9202',
            key: 'under',
            name: { EN: 'Under 2.5', HI: '2.5 से कम' },
            oddsMilli: 1700,
          }),
        ],
      }),
      makeMarket({
        id: '603',
        type: 'next_goal',
        param: '2',
        status: 'suspended',
        inPlay: true,
        selections: [
          makeSelection({ id: '9301', key: 'home', oddsMilli: 1800 }),
          makeSelection({ id: '9302', key: 'none', oddsMilli: 5000 }),
          makeSelection({ id: '9303', key: 'away', oddsMilli: 3000 }),
        ],
      }),
    ],
    timeline: [
      { seq: 1, at: '2026-11-28T01:00:00.000Z', clock: "0'", kind: 'kick_off', side: '', detail: {} },
      { seq: 2, at: '2026-11-28T01:20:00.000Z', clock: "21'", kind: 'goal', side: 'home', detail: {} },
    ],
    betDelayMs: 3000,
    ...overrides,
  };
}

/** A slip pick as an odds button makes it. */
export function makePick(overrides: Partial<SlipPick> = {}): SlipPick {
  return {
    selectionId: '9001',
    eventId: '101',
    sport: 'cricket',
    home: { EN: 'Mumbai Mavericks', HI: 'मुंबई मेवरिक्स' },
    away: { EN: 'Chennai Chargers', HI: 'चेन्नई चार्जर्स' },
    marketId: '501',
    marketType: 'match_winner',
    param: '',
    lineMilli: 0,
    selectionKey: 'home',
    selectionName: { EN: 'Mumbai Mavericks', HI: 'मुंबई मेवरिक्स' },
    oddsMilli: 1910,
    previousOddsMilli: null,
    open: true,
    inPlay: false,
    maxStakeMinor: '10000000',
    ...overrides,
  };
}

export function makeBet(overrides: Partial<SportsBet> = {}): SportsBet {
  return {
    betId: 'SB-77',
    kind: 'single',
    status: 'placed',
    stakeMinor: '10000',
    oddsMilli: 1910,
    potentialReturnMinor: '19100',
    payoutMinor: null,
    cashoutMinor: null,
    acceptRule: 'higher',
    inPlay: false,
    refusal: null,
    placedAt: '2026-11-28T01:30:00.000Z',
    finishedAt: null,
    createdAt: '2026-11-28T01:30:00.000Z',
    legs: [
      {
        legNo: 1,
        eventId: '101',
        sport: 'cricket',
        eventName: {
          home: { EN: 'Mumbai Mavericks', HI: 'मुंबई मेवरिक्स' },
          away: { EN: 'Chennai Chargers', HI: 'चेन्नई चार्जर्स' },
        },
        marketId: '501',
        marketType: 'match_winner',
        param: '',
        lineMilli: 0,
        selectionId: '9001',
        selectionKey: 'home',
        selectionName: { EN: 'Mumbai Mavericks', HI: 'मुंबई मेवरिक्स' },
        oddsMilli: 1910,
        outcome: null,
        deadHeatMilli: null,
      },
    ],
    ...overrides,
  };
}

/** The calls a member's first bet makes before it: the catalogue node, the launch, the book's session. */
export const SESSION_ROUTES = {
  '/wps/relay/GCSGAME_gameList': { list: [{ nodeId: '88', gameCode: 'sports' }], pageNum: 1, totalPages: 1 },
  '/wps/game/launchGame': {
    content: '/sportsbook?token=launch-token-0123456789',
    nodeId: '88',
    trial: false,
    mode: 'page',
  },
  '/sportsbook/api/session': {
    sessionToken: 'sports-session-1',
    playerRef: 'p1',
    currency: 'INR',
    language: 'EN',
    balanceMinor: '100000',
    expiresAt: '2026-11-28T03:00:00.000Z',
  },
  '/wps/relay/GCS_merchantWallet': { currencySymbol: '₹' },
};

/** The request options of every stubbed call to `path` (a stubbed fetch's calls, in order). */
export function requestsTo(stub: { mock: { calls: unknown[][] } }, path: string): RequestInit[] {
  return stub.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map((call) => (call[1] ?? {}) as RequestInit);
}
