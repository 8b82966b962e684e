import { canReadResourceType } from 'fhir-portal-kit';
import { useFhirClient } from 'fhir-portal-kit/react';
import { Navigate, Route, Routes } from 'react-router';
import { SignOutPage } from '../pages/SignOutPage';
import { InboxPage } from './InboxPage';
import { PatientPage } from './PatientPage';
import { PatientsPage } from './PatientsPage';
import { RenewalsPage } from './RenewalsPage';
import { StaffConversationPage } from './StaffConversationPage';
import { StaffLayout } from './StaffLayout';

/** The inbox for staff whose access policy lets them read messages; the patients table for the others (the front desk). */
function StaffHome() {
  const client = useFhirClient();
  return canReadResourceType(client.getAccessPolicy(), 'Communication') ? (
    <InboxPage />
  ) : (
    <Navigate to="/staff/patients" replace />
  );
}

/** /staff, the practitioners' area: its own layout and routes; later staff tools add routes here. */
export function StaffRoutes() {
  return (
    <Routes>
      <Route path="/signout" element={<SignOutPage />} />
      <Route path="/staff" element={<StaffLayout />}>
        <Route index element={<StaffHome />} />
        <Route path="messages/:patientId" element={<StaffConversationPage />} />
        <Route path="patients" element={<PatientsPage />} />
        <Route path="patients/:id" element={<PatientPage />} />
        <Route path="patients/:id/:tab" element={<PatientPage />} />
        <Route path="renewals" element={<RenewalsPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/staff" replace />} />
    </Routes>
  );
}
