import { Group, Text } from '@mantine/core';
import { ListPager } from '../../../components/ui/list-pager.tsx';

/** Under a paged agent-centre list: how many rows there are in all, and the pages. */
export function ListFooter({
  totalText,
  totalPages,
  page,
  onPage,
  testId,
}: {
  totalText: string;
  totalPages: number;
  page: number;
  onPage: (page: number) => void;
  testId: string;
}) {
  return (
    <Group justify="space-between">
      <Text size="xs" c="dimmed">
        {totalText}
      </Text>
      <ListPager totalPages={totalPages} pageNo={page} onChange={onPage} size="sm" testId={testId} />
    </Group>
  );
}
