import { Route, Routes } from 'react-router';
import { Layout } from './components/Layout.tsx';
import { RequireAuth } from './components/RequireAuth.tsx';
import { screen } from './lazy-screen.tsx';
import { LoginScreen } from './screens/LoginScreen.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { StartScreen } from './screens/registers/StartScreen.tsx';

// Screens load when first opened: the sign-in page and the home screen stay in the first bundle.
const ActivitiesScreen = screen(
  () => import('./screens/activities/ActivitiesScreen.tsx'),
  'ActivitiesScreen',
);
const ActivityGroupScreen = screen(
  () => import('./screens/activities/ActivityGroupScreen.tsx'),
  'ActivityGroupScreen',
);
const ActivityWizardScreen = screen(
  () => import('./screens/activities/wizard/ActivityWizard.tsx'),
  'ActivityWizardScreen',
);
const AdminBookingWizard = screen(
  () => import('./screens/admin-booking/AdminBookingWizard.tsx'),
  'AdminBookingWizard',
);
const ApiReferenceScreen = screen(
  () => import('./screens/api-reference/ApiReferenceScreen.tsx'),
  'ApiReferenceScreen',
);
const AuditLogScreen = screen(
  () => import('./screens/audit-log/AuditLogScreen.tsx'),
  'AuditLogScreen',
);
const BookingScreen = screen(() => import('./screens/bookings/BookingScreen.tsx'), 'BookingScreen');
const BookingsScreen = screen(
  () => import('./screens/bookings/BookingsScreen.tsx'),
  'BookingsScreen',
);
const CancellationRulesScreen = screen(
  () => import('./screens/cancellation-rules/CancellationRulesScreen.tsx'),
  'CancellationRulesScreen',
);
const CustomerScreen = screen(
  () => import('./screens/customers/CustomerScreen.tsx'),
  'CustomerScreen',
);
const ForgotPasswordScreen = screen(
  () => import('./screens/password/ForgotPasswordScreen.tsx'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = screen(
  () => import('./screens/password/ResetPasswordScreen.tsx'),
  'ResetPasswordScreen',
);
const MessagesScreen = screen(
  () => import('./screens/messages/MessagesScreen.tsx'),
  'MessagesScreen',
);
const CustomersScreen = screen(
  () => import('./screens/customers/CustomersScreen.tsx'),
  'CustomersScreen',
);
const DiscountsScreen = screen(
  () => import('./screens/discounts/DiscountsScreen.tsx'),
  'DiscountsScreen',
);
const EmbedCodeScreen = screen(() => import('./screens/EmbedCodeScreen.tsx'), 'EmbedCodeScreen');
const FieldsScreen = screen(() => import('./screens/fields/FieldsScreen.tsx'), 'FieldsScreen');
const HomeTabsScreen = screen(
  () => import('./screens/home-tabs/HomeTabsScreen.tsx'),
  'HomeTabsScreen',
);
const PaymentsScreen = screen(
  () => import('./screens/payments/PaymentsScreen.tsx'),
  'PaymentsScreen',
);
const RegisterScreen = screen(
  () => import('./screens/registers/RegisterScreen.tsx'),
  'RegisterScreen',
);
const TodayScreen = screen(() => import('./screens/registers/TodayScreen.tsx'), 'TodayScreen');
const CoachesScreen = screen(
  () => import('./screens/registers/CoachesScreen.tsx'),
  'CoachesScreen',
);
const SettingsScreen = screen(() => import('./screens/SettingsScreen.tsx'), 'SettingsScreen');
const SessionPassesScreen = screen(
  () => import('./screens/session-passes/SessionPassesScreen.tsx'),
  'SessionPassesScreen',
);
const SubscriptionScreen = screen(
  () => import('./screens/settings/SubscriptionScreen.tsx'),
  'SubscriptionScreen',
);
const VenuesScreen = screen(() => import('./screens/venues/VenuesScreen.tsx'), 'VenuesScreen');
const WaitlistsScreen = screen(
  () => import('./screens/waitlists/WaitlistsScreen.tsx'),
  'WaitlistsScreen',
);

/**
 * Every screen of the dashboard, relative to /admin. A new screen is a <Route> here plus, when
 * it belongs in the menu, an entry in navigation.tsx.
 */
export function App() {
  return (
    <Routes>
      <Route path="login" element={<LoginScreen />} />
      <Route path="forgot-password" element={<ForgotPasswordScreen />} />
      <Route path="reset-password" element={<ResetPasswordScreen />} />
      <Route
        element={
          <RequireAuth>
            <Layout />
          </RequireAuth>
        }
      >
        <Route index element={<StartScreen />} />
        <Route path="settings" element={<SettingsScreen />} />
        <Route path="settings/fields" element={<FieldsScreen />} />
        <Route path="settings/venues" element={<VenuesScreen />} />
        <Route path="settings/coaches" element={<CoachesScreen />} />
        <Route path="settings/cancellation-rules" element={<CancellationRulesScreen />} />
        <Route path="settings/home-tabs" element={<HomeTabsScreen />} />
        <Route path="activities" element={<ActivitiesScreen />} />
        <Route path="discounts" element={<DiscountsScreen />} />
        <Route path="session-passes" element={<SessionPassesScreen />} />
        <Route path="activities/new" element={<ActivityWizardScreen />} />
        <Route path="activities/:id" element={<ActivityGroupScreen />} />
        <Route path="activities/:id/edit" element={<ActivityWizardScreen />} />
        <Route path="bookings" element={<BookingsScreen />} />
        <Route path="bookings/new" element={<AdminBookingWizard />} />
        <Route path="bookings/:id" element={<BookingScreen />} />
        <Route path="customers" element={<CustomersScreen />} />
        <Route path="customers/:id" element={<CustomerScreen />} />
        <Route path="waitlists" element={<WaitlistsScreen />} />
        <Route path="messages" element={<MessagesScreen />} />
        <Route path="audit-log" element={<AuditLogScreen />} />
        <Route path="today" element={<TodayScreen />} />
        <Route path="registers/:sessionId" element={<RegisterScreen />} />
        <Route path="settings/embed-code" element={<EmbedCodeScreen />} />
        <Route path="settings/api-reference" element={<ApiReferenceScreen />} />
        <Route path="settings/subscription" element={<SubscriptionScreen />} />
        <Route path="settings/payments" element={<PaymentsScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
