import type { ReactNode } from 'react';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { initialsOf, MESSAGES, sessionStore, useSelectedPatient, useSession } from '@ewrt/shared';
import { visibleNavSections, type NavItem } from './navSections';
import './navbar.css';

export interface NavbarProps {
  /**
   * The background-job status dropdown of part 2 goes here when that slice adds it; the navbar keeps
   * a separate place for it between the sections and the account button.
   */
  jobIndicator?: ReactNode;
}

/** The top navigation bar of the signed-in product (part 1 §2.7). */
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
          aria-label="The Expert Witness Report Tool - Patient Search"
        >
          EWRT
        </Link>
        <ul className="host-navbar__sections">
          {sections.map((section) => (
            <li key={section.key}>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: section.items.map((item) => ({ key: item.key, label: item.label })),
                  onClick: ({ key }) => {
                    const item = section.items.find((candidate) => candidate.key === key);
                    if (item) open(item);
                  },
                }}
              >
                <Button type="text" className="host-navbar__section">
                  {section.label} <DownOutlined aria-hidden />
                </Button>
              </Dropdown>
            </li>
          ))}
          {patient ? (
            <li>
              <Link
                to={`/patients/${patient.ID_Patient}/dashboard`}
                className="host-navbar__patient"
                aria-label={`Dashboard of the selected patient ${patientName}`}
              >
                <span className="host-navbar__patient-caption">Dashboard</span>
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
            aria-label={`Sign out ${user.Name}`}
            onClick={signOut}
          >
            {initialsOf(user.Name)}
          </Button>
        </Tooltip>
      ) : null}
    </header>
  );
}
