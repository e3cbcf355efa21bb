import type {
  ContractActionBody,
  ContractActionResult,
  ContractKind,
} from '@lotus/shared/agent-contracts.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AGENT_KEYS } from '../api/agent-keys.ts';
import { contractAction } from '../api/contract-action.ts';

/**
 * One contract action of a kind (offer, accept, reject, end). The answer carries the kind's contracts as
 * they now stand, which replace the cached ones at once; the offers waiting (header, home, menu) and every
 * other kind (an accepted contract may end downline contracts of the kind, and a new upline contract
 * changes what may be offered) are read again.
 */
export function useContractAction(kind: ContractKind) {
  const queryClient = useQueryClient();
  return useMutation<ContractActionResult, Error, ContractActionBody>({
    mutationFn: (body) => contractAction(kind, body),
    onSuccess: (result) => {
      queryClient.setQueryData(AGENT_KEYS.contractsOf(kind), result.contracts);
      void queryClient.invalidateQueries({ queryKey: AGENT_KEYS.consolidated });
      void queryClient.invalidateQueries({
        queryKey: AGENT_KEYS.contracts,
        predicate: (query) => query.queryKey[3] !== kind,
      });
    },
  });
}
