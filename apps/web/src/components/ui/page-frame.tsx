import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

type PageFrameProps = {
  /** `page-<route-name>`: the hook browser journeys look for (docs/foundation-contract.md). */
  testId: string;
  title: string;
  description?: string;
  crumbs?: Crumb[];
  /** Extra attributes the contract asks for on some pages, e.g. `data-game`. */
  dataAttributes?: Record<`data-${string}`, string>;
  children?: ReactNode;
};

/** The frame every content page shares: breadcrumbs, one h1, an optional lead line, then the content. */
export function PageFrame({ testId, title, description, crumbs, dataAttributes, children }: PageFrameProps) {
  return (
    <Stack
      component="section"
      gap="lg"
      py="lg"
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
      {...dataAttributes}
    >
      {crumbs && crumbs.length > 0 ? (
        <Breadcrumbs separator="›" fz="sm">
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      ) : null}
      <div>
        <Title order={1} id={`${testId}-title`} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
