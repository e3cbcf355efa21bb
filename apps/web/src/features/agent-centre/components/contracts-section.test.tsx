import type {
  AgentContracts,
  ContractView,
  SettlementsPage,
  SettlementView,
} from '@lotus/shared/agent-contracts.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { type FetchRoute, renderUi } from '../../../test/render-ui.tsx';
import { ContractsSection } from './contracts-section.tsx';

const DAILY_PATH = '/wps/relay/MCS2_processDailySalContract';
const SETTLEMENTS_PATH = '/wps/agent/contracts/settlements';

function contract(overrides: Partial<ContractView> = {}): ContractView {
  return {
    id: '1',
    kind: 'daily_salary',
    status: 'accepted',
    upline: { id: '2', username: 'demo_agent' },
    downline: { id: '3', username: 'demo_sub_agent' },
    period: 'daily',
    rateBps: 50,
    rate: '0.50',
    baseRateBps: 50,
    baseRate: '0.50',
    tiers: [],
    offeredAt: '2026-11-20T10:00:00.000Z',
    acceptedAt: '2026-11-20T11:00:00.000Z',
    closedAt: null,
    endReason: null,
    ...overrides,
  };
}

const OFFER = contract({
  id: '9',
  status: 'offered',
  rateBps: 80,
  rate: '0.80',
  baseRateBps: 60,
  baseRate: '0.60',
  tiers: [
    {
      minTurnoverMinor: '1000000',
      minTurnover: '10000.00',
      minActivePlayers: 3,
      rateBps: 80,
      rate: '0.80',
    },
  ],
  acceptedAt: null,
});

function contracts(overrides: Partial<AgentContracts> = {}): AgentContracts {
  return {
    kind: 'daily_salary',
    mine: contract(),
    offersToMe: [],
    downline: [],
    history: [],
    maxOfferRateBps: 50,
    maxOfferRate: '0.50',
    ...overrides,
  };
}

const SETTLEMENT: SettlementView = {
  id: '70',
  contractId: '1',
  kind: 'daily_salary',
  period: 'daily',
  periodStart: '2026-11-25T00:00:00.000Z',
  periodEnd: '2026-11-26T00:00:00.000Z',
  upline: { id: '2', username: 'demo_agent' },
  downline: { id: '3', username: 'demo_sub_agent' },
  baseMinor: '500000',
  base: '5000.00',
  activePlayers: 4,
  rateBps: 50,
  rate: '0.50',
  entitledMinor: '2500',
  entitled: '25.00',
  paidMinor: '2500',
  paid: '25.00',
  status: 'paid',
  entries: 2,
  settledAt: '2026-11-26T00:05:00.000Z',
};

const settlements = (list: SettlementView[]): SettlementsPage => ({
  list,
  page: 1,
  pageSize: 20,
  total: list.length,
  totalPages: list.length > 0 ? 1 : 0,
  totalPaidMinor: list.reduce((sum, row) => sum + BigInt(row.paidMinor), 0n).toString(),
  totalPaid: '25.00',
  from: '2026-11-20',
  to: '2026-11-26',
});

const DOWNLINES = {
  list: [
    {
      id: '3',
      username: 'demo_sub_agent',
      nickname: null,
      memberType: 1,
      createdAt: '2026-11-01T00:00:00.000Z',
      lastLoginAt: null,
      balanceMinor: '0',
      balance: '0.00',
    },
    {
      id: '4',
      username: 'player1',
      nickname: null,
      memberType: 0,
      createdAt: '2026-11-01T00:00:00.000Z',
      lastLoginAt: null,
      balanceMinor: '0',
      balance: '0.00',
    },
  ],
  page: 1,
  pageSize: 100,
  total: 2,
  totalPages: 1,
};

const failure = (status: number, code: string) =>
  Response.json({ success: false, message: code, value: null }, { status });

type Posted = { url: string; body: Record<string, unknown> };

/**
 * The contracts relay and settlements, answered from `state`; a POST runs `onPost` (default: answers the
 * contracts as they stand) and is recorded.
 */
function serve(
  state: { contracts: AgentContracts | (() => unknown) },
  extra: Record<string, FetchRoute | object> = {},
  onPost: (body: Record<string, unknown>) => unknown = () => ({
    contract: null,
    contracts: state.contracts,
  }),
) {
  const posted: Posted[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push({ url: url.pathname, body });
      const answer = onPost(body);
      return answer instanceof Response
        ? answer
        : Response.json({ success: true, message: 'ok', value: answer });
    }
    const routes: Record<string, FetchRoute | object> = {
      [DAILY_PATH]: () => (typeof state.contracts === 'function' ? state.contracts() : state.contracts),
      [SETTLEMENTS_PATH]: settlements([SETTLEMENT]),
      '/wps/agent/downlines': DOWNLINES,
      ...extra,
    };
    const route = routes[url.pathname];
    // Awaited: a route that never answers keeps the request pending (the loading states).
    const answer: unknown = await (typeof route === 'function' ? (route as FetchRoute)(url) : route);
    if (answer instanceof Response) return answer;
    if (answer === undefined) return failure(404, 'not_found');
    return Response.json({ success: true, message: 'ok', value: answer });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { posted, fetchStub };
}

const renderSection = () => renderUi(<ContractsSection kind="daily_salary" symbol="₹" />);

describe('contract entry (daily wages)', () => {
  beforeEach(async () => {
    await resetLanguage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows my contract with its terms, and who pays it', async () => {
    serve({ contracts: contracts() });
    renderSection();
    const mine = await screen.findByTestId('agent-contract-mine');
    expect(mine.textContent).toContain('Paid by demo_agent');
    expect(within(mine).getByTestId('agent-contract-mine-status').textContent).toBe('Active');
    expect(within(mine).getByTestId('agent-contract-terms').textContent).toBe(
      "0.50 % of the team's valid turnover, settled daily.",
    );
    expect(screen.getByTestId('agent-downline-contracts-none')).toBeTruthy();
    expect(screen.getByText(/offer your direct downline agents a rate of up to 0.50 %/)).toBeTruthy();
  });

  it('a top agent’s contract is the brand’s: it cannot end it here', async () => {
    serve({ contracts: contracts({ mine: contract({ upline: null }) }) });
    renderSection();
    expect((await screen.findByTestId('agent-contract-mine')).textContent).toContain('Paid by the brand');
    expect(screen.queryByTestId('agent-contract-mine-end')).toBeNull();
  });

  it('accepts an offer after confirming it, then shows the contract it became', async () => {
    const state = {
      contracts: contracts({ mine: null, offersToMe: [OFFER], maxOfferRateBps: null, maxOfferRate: null }),
    };
    const { posted } = serve(state, {}, () => {
      state.contracts = contracts({
        mine: { ...OFFER, status: 'accepted', acceptedAt: '2026-11-27T10:00:00.000Z' },
      });
      return { contract: state.contracts.mine, contracts: state.contracts };
    });
    renderSection();
    const offer = await screen.findByTestId('agent-offer');
    expect(within(offer).getByTestId('agent-contract-tiers').textContent).toContain(
      '0.80 % from ₹10,000.00 valid turnover and 3 active players',
    );
    expect(screen.getByTestId('agent-contract-mine-none').textContent).toBe(
      'You have no active daily salary contract.',
    );
    expect(screen.getByText(/need an active contract of this kind/)).toBeTruthy();
    expect(screen.queryByTestId('agent-offer-open')).toBeNull();

    await userEvent.click(within(offer).getByTestId('agent-offer-accept'));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    expect(within(dialog).getByTestId('agent-contract-dialog-summary').textContent).toBe(
      'demo_agent offers you a daily salary contract. Once you accept, it replaces any daily salary contract you hold and is settled from now on.',
    );
    expect(posted).toEqual([]);
    await userEvent.click(within(dialog).getByTestId('agent-contract-dialog-confirm'));
    expect((await screen.findByTestId('agent-contract-done')).textContent).toBe(
      'You accepted the daily salary contract from demo_agent.',
    );
    expect(posted).toEqual([{ url: DAILY_PATH, body: { action: 'accept', contractId: '9' } }]);
    expect((await screen.findByTestId('agent-contract-mine-status')).textContent).toBe('Active');
    expect(screen.queryByTestId('agent-offer')).toBeNull();
  });

  it('rejects an offer; cancelling the dialog sends nothing', async () => {
    const state = { contracts: contracts({ offersToMe: [OFFER] }) };
    const { posted } = serve(state);
    renderSection();
    await userEvent.click(await screen.findByTestId('agent-offer-reject'));
    let dialog = await screen.findByRole('dialog', { name: 'Reject this offer?' });
    await userEvent.click(within(dialog).getByTestId('agent-contract-dialog-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByTestId('agent-offer-reject'));
    dialog = await screen.findByRole('dialog', { name: 'Reject this offer?' });
    await userEvent.click(within(dialog).getByTestId('agent-contract-dialog-confirm'));
    await screen.findByTestId('agent-contract-done');
    expect(posted).toEqual([{ url: DAILY_PATH, body: { action: 'reject', contractId: '9' } }]);
  });

  it('keeps a refused action in the dialog with a retry', async () => {
    let refuse = true;
    const state = { contracts: contracts({ offersToMe: [OFFER] }) };
    const { posted } = serve(state, {}, () =>
      refuse ? failure(409, 'contract_state_invalid') : { contract: null, contracts: state.contracts },
    );
    renderSection();
    await userEvent.click(await screen.findByTestId('agent-offer-accept'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('agent-contract-dialog-confirm'));
    expect((await within(dialog).findByTestId('agent-contract-dialog-error')).textContent).toContain(
      'can no longer be changed',
    );
    refuse = false;
    expect(within(dialog).getByTestId('agent-contract-dialog-confirm').textContent).toBe('Try again');
    await userEvent.click(within(dialog).getByTestId('agent-contract-dialog-confirm'));
    await screen.findByTestId('agent-contract-done');
    expect(posted).toHaveLength(2);
  });

  it('ends my own contract and a downline’s, and withdraws an open offer', async () => {
    const state = {
      contracts: contracts({
        downline: [
          contract({
            id: '21',
            upline: { id: '3', username: 'me' },
            downline: { id: '5', username: 'agent_b' },
          }),
          contract({
            id: '22',
            status: 'offered',
            acceptedAt: null,
            upline: { id: '3', username: 'me' },
            downline: { id: '6', username: 'agent_c' },
          }),
        ],
      }),
    };
    const { posted } = serve(state);
    renderSection();
    const rows = await screen.findAllByTestId('agent-downline-contract');
    expect(rows[1]?.textContent).toContain('Offered');
    expect(screen.getByRole('button', { name: 'Withdraw the offer to agent_c' })).toBeTruthy();

    await userEvent.click(screen.getByTestId('agent-downline-contract-end-agent_c'));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw this offer?' });
    await userEvent.click(within(dialog).getByTestId('agent-contract-dialog-confirm'));
    expect((await screen.findByTestId('agent-contract-done')).textContent).toBe(
      'Your offer to agent_c was withdrawn.',
    );

    await userEvent.click(screen.getByTestId('agent-downline-contract-end-agent_b'));
    dialog = await screen.findByRole('dialog', { name: 'End this contract?' });
    await userEvent.click(within(dialog).getByTestId('agent-contract-dialog-confirm'));
    await waitFor(() => expect(posted).toHaveLength(2));

    await userEvent.click(screen.getByTestId('agent-contract-mine-end'));
    dialog = await screen.findByRole('dialog', { name: 'End your contract?' });
    expect(within(dialog).getByTestId('agent-contract-dialog-summary').textContent).toContain(
      'Your daily salary contract with demo_agent ends now.',
    );
    await userEvent.click(within(dialog).getByTestId('agent-contract-dialog-confirm'));
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted.map((call) => call.body)).toEqual([
      { action: 'end', contractId: '22' },
      { action: 'end', contractId: '21' },
      { action: 'end', contractId: '1' },
    ]);
  });

  it('offers a contract to a direct downline agent at most at my own rate', async () => {
    const state = { contracts: contracts() };
    const { posted } = serve(state);
    renderSection();
    await userEvent.click(await screen.findByTestId('agent-offer-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a daily salary contract' });
    // Only agents can hold a contract: the players of the direct downline are not offered.
    const downline = await within(dialog).findByTestId('agent-offer-downline');
    await within(dialog).findByRole('option', { name: 'demo_sub_agent' });
    expect(within(dialog).queryByRole('option', { name: 'player1' })).toBeNull();

    await userEvent.click(within(dialog).getByTestId('agent-offer-submit'));
    expect(within(dialog).getByText('Choose the agent to offer the contract to.')).toBeTruthy();
    fireEvent.change(downline, { target: { value: '3' } });
    fireEvent.change(within(dialog).getByTestId('agent-offer-rate'), { target: { value: '0.6' } });
    await userEvent.click(within(dialog).getByTestId('agent-offer-submit'));
    expect(within(dialog).getByText('Offer at most 0.50 %: your own rate of this kind.')).toBeTruthy();
    expect(posted).toEqual([]);

    await userEvent.click(within(dialog).getByTestId('agent-offer-add-tier'));
    const tier = within(dialog).getByTestId('agent-offer-tier');
    fireEvent.change(within(tier).getByTestId('agent-offer-tier-turnover'), { target: { value: '5000' } });
    fireEvent.change(within(tier).getByTestId('agent-offer-tier-players'), { target: { value: '2' } });
    fireEvent.change(within(tier).getByTestId('agent-offer-tier-rate'), { target: { value: '0.5' } });
    fireEvent.change(within(dialog).getByTestId('agent-offer-rate'), { target: { value: '0.4' } });
    await userEvent.click(within(dialog).getByTestId('agent-offer-submit'));
    expect((await screen.findByTestId('agent-contract-done')).textContent).toBe(
      'Your daily salary contract at 0.4 % was offered to demo_sub_agent. It starts once they accept it.',
    );
    expect(posted).toEqual([
      {
        url: DAILY_PATH,
        body: {
          action: 'offer',
          downlineId: '3',
          rate: '0.4',
          tiers: [{ minTurnover: '5000', minActivePlayers: 2, rate: '0.5' }],
        },
      },
    ]);
  });

  it('puts the server’s refusal of a rate under the rate', async () => {
    const { posted } = serve({ contracts: contracts() }, {}, () =>
      failure(409, 'contract_rate_above_upline'),
    );
    renderSection();
    await userEvent.click(await screen.findByTestId('agent-offer-open'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('option', { name: 'demo_sub_agent' });
    fireEvent.change(within(dialog).getByTestId('agent-offer-downline'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByTestId('agent-offer-rate'), { target: { value: '0.5' } });
    await userEvent.click(within(dialog).getByTestId('agent-offer-submit'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('agent-offer-rate').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(within(dialog).getByText(/higher than your own contract of this kind allows/)).toBeTruthy();
    expect(posted).toHaveLength(1);
  });

  it('lists the settlements paid to me and those I paid', async () => {
    const { fetchStub } = serve(
      { contracts: contracts() },
      {
        [SETTLEMENTS_PATH]: (url: URL) =>
          url.searchParams.get('role') === 'paid' ? settlements([]) : settlements([SETTLEMENT]),
      },
    );
    renderSection();
    const row = await screen.findByTestId('agent-settlement-row');
    expect(row.textContent).toContain('demo_agent');
    expect(row.textContent).toContain('₹5,000.00');
    expect(row.textContent).toContain('4 active players');
    expect(row.textContent).toContain('0.50 %');
    expect(row.textContent).toContain('Paid');
    expect(row.textContent).toContain('adjusted once');
    expect(screen.getByTestId('agent-settlements-total').textContent).toBe(
      'Paid to you in this period: ₹25.00',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Paid by me to my downline' }));
    expect((await screen.findByTestId('agent-settlements-empty')).textContent).toContain(
      "your downline's contracts",
    );
    const all = fetchStub.mock.calls as unknown as [RequestInfo | URL][];
    const last = all
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === SETTLEMENTS_PATH)
      .at(-1);
    expect(last?.searchParams.get('kind')).toBe('daily_salary');
    expect(last?.searchParams.get('role')).toBe('paid');
  });

  it('says the contracts and the settlements are loading', async () => {
    serve(
      { contracts: () => new Promise(() => undefined) },
      { [SETTLEMENTS_PATH]: () => new Promise(() => undefined) },
    );
    renderSection();
    expect((await screen.findByTestId('agent-contracts-loading')).getAttribute('role')).toBe('status');
    expect((await screen.findByTestId('agent-settlements-loading')).getAttribute('role')).toBe('status');
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    serve({ contracts: () => (fail ? failure(500, 'unknown_error') : contracts()) });
    renderSection();
    const error = await screen.findByTestId('agent-contracts-error');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('agent-contract-mine')).toBeTruthy();
  });
});
