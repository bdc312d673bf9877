import { createFileRoute } from '@tanstack/react-router';
import { registry } from '../../../schema/registry';
import { EntityScreen } from '../../components/admin/EntityScreen';

export const Route = createFileRoute('/admin/courses')({
  component: () => <EntityScreen entity={registry.courses} />,
});
