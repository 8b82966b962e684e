import { Navigate, Route, Routes } from 'react-router';
import { SignOutPage } from '../pages/SignOutPage';
import { InboxPage } from './InboxPage';
import { StaffConversationPage } from './StaffConversationPage';
import { StaffLayout } from './StaffLayout';

/** /staff, the practitioners' area: its own layout and routes; later staff tools add routes here. */
export function StaffRoutes() {
  return (
    <Routes>
      <Route path="/signout" element={<SignOutPage />} />
      <Route path="/staff" element={<StaffLayout />}>
        <Route index element={<InboxPage />} />
        <Route path="messages/:patientId" element={<StaffConversationPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/staff" replace />} />
    </Routes>
  );
}
