// Stands in for Space inside antd's Input.Group (see webpack.app.cjs), which uses nothing of it but Space.Compact.
import Compact from 'antd/es/space/Compact';

export default { Compact };
