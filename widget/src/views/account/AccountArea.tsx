/*
 * 'My account' (docs/rules/account.md; the spec's /account/attendees): a signed-in parent's
 * children, own details and password; My bookings is in the widget's bar above. Its own chunk,
 * opened from the bar or a `#classwise=account/attendees` link, and on our hosted account page.
 */
import { useState } from 'react';
import type { ClientSettings, User } from '../../../../api-client/index.ts';
import type { StepProps } from '../../App.tsx';
import { useWidget } from '../../store.ts';
import { useStore } from '../common.tsx';
import { text } from '../text.ts';
import { StepHeading } from '../ui.tsx';
import { RequireSignIn } from './Account.tsx';
import { accountText } from './account-text.ts';
import { ChangePassword } from './ChangePassword.tsx';
import { Children } from './Children.tsx';
import { Household } from './Household.tsx';
import { householdText } from './household-text.ts';
import { OwnDetailsForm } from './OwnDetails.tsx';

export default function AccountArea({ settings }: StepProps) {
  const { actions, hasListing } = useStore();
  return (
    <div className="cw-detail">
      {hasListing && (
        <p>
          <button type="button" className="cw-ghost" onClick={() => actions.showListing()}>
            <span aria-hidden="true">← </span>
            {text.backToList}
          </button>
        </p>
      )}
      <RequireSignIn>{(user) => <Account user={user} settings={settings} />}</RequireSignIn>
    </div>
  );
}

function Account({ user, settings }: { user: User; settings: ClientSettings }) {
  const store = useStore();
  const token = useWidget(store, (s) => s.session?.token ?? '');
  const [left, setLeft] = useState(0);
  return (
    <div className="cw-step">
      <StepHeading>{accountText.myAccount}</StepHeading>
      <section className="cw-panel cw-step" aria-labelledby="cw-account-children">
        <h4 id="cw-account-children">{accountText.children}</h4>
        {/* A guardian who leaves the household no longer sees its children: the list reloads. */}
        <Children key={left} settings={settings} />
      </section>
      <section className="cw-panel cw-step" aria-labelledby="cw-account-household">
        <h4 id="cw-account-household">{householdText.household}</h4>
        <Household user={user} onLeft={() => setLeft((n) => n + 1)} />
      </section>
      <section className="cw-panel cw-step" aria-labelledby="cw-account-details">
        <h4 id="cw-account-details">{accountText.yourDetails}</h4>
        <OwnDetailsForm token={token} user={user} />
      </section>
      <section className="cw-panel cw-step" aria-labelledby="cw-account-password">
        <h4 id="cw-account-password">{accountText.passwordHeading}</h4>
        <ChangePassword />
      </section>
    </div>
  );
}
