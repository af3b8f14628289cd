import { Box, Card, HStack, Skeleton, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A second line under the value, e.g. '161 licensed'. */
  help?: ReactNode;
  /** A decorative icon (hidden from assistive technology). */
  icon?: ReactNode;
  /** While loading, skeletons of the final size keep the layout still (no shift when data lands). */
  loading?: boolean;
}

/**
 * One figure with its label: a valid definition list (dt label, dd value, dd help), the icon
 * outside it, and skeletons inside the dd elements while loading.
 */
export function StatCard({ label, value, help, icon, loading = false }: StatCardProps) {
  return (
    <Card.Root size="sm" role="group" aria-label={label}>
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stat.Root gap="1">
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText fontSize="2xl" minH="9" display="flex" alignItems="center">
              {loading ? <Skeleton as="span" display="inline-block" height="7" width="16" /> : value}
            </Stat.ValueText>
            {help === undefined ? null : (
              <Stat.HelpText asChild>
                <dd>{loading ? <Skeleton as="span" display="inline-block" verticalAlign="top" height="1lh" width="24" /> : help}</dd>
              </Stat.HelpText>
            )}
          </Stat.Root>
          {icon ? (
            <Box color="brand.solid" aria-hidden="true" flexShrink={0}>
              {icon}
            </Box>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
