import { Anchor, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';

type HelpLinksProps = {
  /** The brand's help organisations (player protection's `helpLinks`). */
  links: readonly { name: string; url: string }[];
  title: string;
  description: string;
  /** Said when the brand has configured none. */
  emptyText: string;
  /** Screen-reader suffix of each link: it opens in a new tab. */
  newTabLabel: string;
  testId?: string;
};

/**
 * Where to find free help (issue 17: configurable per brand): on the take-a-break page and the responsible
 * gaming page. Each opens in a new tab without handing the page over (noopener).
 */
export function HelpLinks({
  links,
  title,
  description,
  emptyText,
  newTabLabel,
  testId = 'help-links',
}: HelpLinksProps) {
  return (
    <Stack gap={6} component="section" aria-label={title} data-testid={testId}>
      <Title order={3} fz="md">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {links.length === 0 ? (
        <Text size="sm">{emptyText}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {links.map((link) => (
            <List.Item key={link.url}>
              <Anchor href={link.url} target="_blank" rel="noopener noreferrer" data-testid="help-link">
                {link.name}
                <VisuallyHidden component="span">{` (${newTabLabel})`}</VisuallyHidden>
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
