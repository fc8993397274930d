package club.rally.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
