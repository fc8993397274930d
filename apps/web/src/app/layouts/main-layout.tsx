import { AreaShell } from './area-shell';

/** Layout of `/`, `/account`, `/account/delete`, `/global-admin`, `/orgs/create` and the not-found page. */
export function MainLayout() {
  return <AreaShell />;
}
