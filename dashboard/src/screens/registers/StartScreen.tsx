import { Navigate } from 'react-router';
import { useSession } from '../../api.ts';
import { HomeScreen } from '../HomeScreen.tsx';

/**
 * The dashboard's first screen: the home overview for an admin; for a coach, whose dashboard is
 * the day's registers (they may not read the overview's money), Today.
 */
export function StartScreen() {
  const session = useSession();
  if (session.data?.role === 'coach') return <Navigate to="/today" replace />;
  return <HomeScreen />;
}
