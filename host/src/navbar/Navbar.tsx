import type { ReactNode } from 'react';
import { App, Button, Tooltip } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { initialsOf, MESSAGES, sessionStore, useSelectedPatient, useSession } from '@ewrt/shared';
import { NavMenuButton } from './NavMenuButton';
import { visibleNavSections, type NavItem } from './navSections';
import './navbar.css';

export interface NavbarProps {
  /**
   * The background-job status dropdown (the signed-in shell passes it); the navbar keeps a
   * separate place for it between the sections and the account button.
   */
  jobIndicator?: ReactNode;
}

/** The top navigation bar of the signed-in product (SHELL-04). */
export function Navbar({ jobIndicator }: NavbarProps) {
  const { user } = useSession();
  const patient = useSelectedPatient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const sections = visibleNavSections(user, patient);

  const open = (item: NavItem) => {
    if (item.href) navigate(item.href);
    else void message.warning(MESSAGES.noPatientSelected);
  };

  const signOut = () => {
    sessionStore.signOut();
    navigate('/', { replace: true });
  };

  const patientName = patient ? `${patient.FirstName} ${patient.Surname}` : '';

  return (
    <header className="host-navbar">
      <nav className="host-navbar__main" aria-label="Main">
        <Link
          to="/patients"
          className="host-navbar__brand"
          aria-label="EWRT, The Expert Witness Report Tool: Patient Search"
        >
          EWRT
        </Link>
        <ul className="host-navbar__sections">
          {sections.map((section) => (
            <li key={section.key}>
              <NavMenuButton label={section.label} items={section.items} onOpenItem={open} />
            </li>
          ))}
          {patient ? (
            <li>
              <Link
                to={`/patients/${patient.ID_Patient}/dashboard`}
                className="host-navbar__patient"
                aria-label={`Dashboard ${patientName}, the selected patient`}
              >
                <span className="host-navbar__patient-caption">Dashboard</span>{' '}
                <span className="host-navbar__patient-name">{patientName}</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      {jobIndicator ? <div className="host-navbar__jobs">{jobIndicator}</div> : null}
      {user ? (
        <Tooltip title={`${user.Name} - sign out`} placement="bottomRight">
          <Button
            shape="circle"
            className="host-navbar__account"
            // The visible initials are part of the name, so speech input can say what it sees (WCAG 2.5.3).
            aria-label={`Sign out ${user.Name}, ${initialsOf(user.Name)}`}
            onClick={signOut}
          >
            {initialsOf(user.Name)}
          </Button>
        </Tooltip>
      ) : null}
    </header>
  );
}
