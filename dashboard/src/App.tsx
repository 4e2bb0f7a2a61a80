import { Route, Routes } from 'react-router';
import { Layout } from './components/Layout.tsx';
import { RequireAuth } from './components/RequireAuth.tsx';
import { ActivitiesScreen } from './screens/activities/ActivitiesScreen.tsx';
import { ActivityGroupScreen } from './screens/activities/ActivityGroupScreen.tsx';
import { ActivityWizardScreen } from './screens/activities/wizard/ActivityWizard.tsx';
import { EmbedCodeScreen } from './screens/EmbedCodeScreen.tsx';
import { FieldsScreen } from './screens/fields/FieldsScreen.tsx';
import { HomeScreen } from './screens/HomeScreen.tsx';
import { LoginScreen } from './screens/LoginScreen.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { SettingsScreen } from './screens/SettingsScreen.tsx';
import { SubscriptionScreen } from './screens/settings/SubscriptionScreen.tsx';
import { VenuesScreen } from './screens/venues/VenuesScreen.tsx';

/**
 * Every screen of the dashboard, relative to /admin. A new screen is a <Route> here plus, when
 * it belongs in the menu, an entry in navigation.tsx.
 */
export function App() {
  return (
    <Routes>
      <Route path="login" element={<LoginScreen />} />
      <Route
        element={
          <RequireAuth>
            <Layout />
          </RequireAuth>
        }
      >
        <Route index element={<HomeScreen />} />
        <Route path="settings" element={<SettingsScreen />} />
        <Route path="settings/fields" element={<FieldsScreen />} />
        <Route path="settings/venues" element={<VenuesScreen />} />
        <Route path="activities" element={<ActivitiesScreen />} />
        <Route path="activities/new" element={<ActivityWizardScreen />} />
        <Route path="activities/:id" element={<ActivityGroupScreen />} />
        <Route path="activities/:id/edit" element={<ActivityWizardScreen />} />
        <Route path="settings/embed-code" element={<EmbedCodeScreen />} />
        <Route path="settings/subscription" element={<SubscriptionScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
