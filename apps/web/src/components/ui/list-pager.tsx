import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from '../../lib/i18n-react.tsx';

type ListPagerProps = {
  totalPages: number;
  pageNo: number;
  onChange: (pageNo: number) => void;
  size?: PaginationProps['size'];
  /** Gives `${testId}-pagination` and `${testId}-page-<control>` to the pager and its arrows. */
  testId?: string;
};

/**
 * The pager under a paged list, with the `chrome` namespace's accessible names on every control; nothing
 * when the list has one page. A page beyond the last (the list shrank) shows as the last.
 */
export function ListPager({ totalPages, pageNo, onChange, size, testId }: ListPagerProps) {
  const { t } = useTranslation('chrome');
  if (totalPages <= 1) return null;
  return (
    <Pagination
      total={totalPages}
      value={Math.min(pageNo, totalPages)}
      onChange={onChange}
      size={size}
      data-testid={testId ? `${testId}-pagination` : undefined}
      getControlProps={(control) => ({
        'aria-label': t(`chrome:pagination.${control}`),
        ...(testId ? { 'data-testid': `${testId}-page-${control}` } : {}),
      })}
      getItemProps={(item) => ({ 'aria-label': t('chrome:pagination.page', { page: item }) })}
    />
  );
}
