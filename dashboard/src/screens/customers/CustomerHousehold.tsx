/*
 * The customer page's household (docs/rules/households.md): every guardian who signs in for the
 * same children, main account first, each linking to their own customer page. Parents invite
 * guardians from their account area; the organiser only reads the list here.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { HouseholdGuardian } from '../../../../engine/index.ts';
import { api } from '../../api.ts';
import { QueryError } from '../../components/Alert.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Card } from '../../components/Card.tsx';
import { type Column, Table } from '../../components/Table.tsx';

interface HouseholdView {
  mainAccount: string;
  guardians: HouseholdGuardian[];
}

/** GET /api/users/{id}/household. */
export function useHousehold(userId: string) {
  return useQuery({
    queryKey: ['users', 'household', userId],
    queryFn: () => api.get<HouseholdView>(`/api/users/${encodeURIComponent(userId)}/household`),
    enabled: !!userId,
  });
}

export function CustomerHousehold({ userId }: { userId: string }) {
  const household = useHousehold(userId);
  const columns: Column<HouseholdGuardian>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (g) =>
        g.userId === userId ? (
          <strong>{g.fullName}</strong>
        ) : (
          <Link to={`/customers/${encodeURIComponent(g.userId)}`}>{g.fullName}</Link>
        ),
    },
    { key: 'email', header: 'E-mail', render: (g) => g.email },
    {
      key: 'role',
      header: 'Role',
      render: (g) => (g.main ? <Badge tone="info">Main account</Badge> : <Badge>Guardian</Badge>),
    },
  ];
  return (
    <Card
      title="Household"
      description={
        household.data && household.data.guardians.length === 1
          ? 'Only this customer signs in for these children. Parents invite other guardians from their account area.'
          : 'Everyone who signs in for these children and sees their bookings.'
      }
      flush
    >
      <QueryError error={household.error} />
      <Table
        caption="Guardians of this household"
        columns={columns}
        rows={household.data?.guardians}
        rowKey={(g) => g.userId}
        loading={household.isPending}
        emptyText="No guardians."
      />
    </Card>
  );
}
