import { Table } from '@mantine/core';

/** One figure column: its header and how a row shows it (right-aligned, as figures are). */
export type FigureColumn<R> = { key: string; label: string; cell: (row: R) => string };

type ProfitTableProps<R> = {
  id?: string;
  testId: string;
  rowTestId: string;
  caption: string;
  /** The header of the first column, whose cells name the row (a day, a game type). */
  headLabel: string;
  rows: R[];
  rowKey: (row: R) => string;
  rowHead: (row: R) => string;
  columns: FigureColumn<R>[];
  minWidth: number;
};

/** A table of P/L figures: a row header per day or game type, then the figure columns; scrolls on a phone. */
export function ProfitTable<R>({
  id,
  testId,
  rowTestId,
  caption,
  headLabel,
  rows,
  rowKey,
  rowHead,
  columns,
  minWidth,
}: ProfitTableProps<R>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped {...(id ? { id } : {})} data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {[headLabel, ...columns.map((column) => column.label)].map((label, index) => (
              <Table.Th key={label} ta={index === 0 ? undefined : 'right'}>
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
              <Table.Th scope="row" fw={500}>
                {rowHead(row)}
              </Table.Th>
              {columns.map((column) => (
                <Table.Td key={column.key} ta="right">
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
