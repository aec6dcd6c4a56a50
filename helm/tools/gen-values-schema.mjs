#!/usr/bin/env node
// Generates helm/exs/values.schema.json (checked by test/deploy/helm.test.ts): edit this file, then
//   node helm/tools/gen-values-schema.mjs > helm/exs/values.schema.json
// Every key of values.yaml is listed (additionalProperties: false), so a typo fails `helm install`.
const int = (min, max, extra = {}) => ({ type: 'integer', minimum: min, ...(max !== undefined ? { maximum: max } : {}), ...extra });
const str = (extra = {}) => ({ type: 'string', ...extra });
const bool = (description) => ({ type: 'boolean', ...(description ? { description } : {}) });
const obj = (properties, required = Object.keys(properties), extra = {}) => ({ type: 'object', additionalProperties: false, required, properties, ...extra });
const port = int(1, 65535);
const quantity = { oneOf: [{ type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?(m|k|Ki|M|Mi|G|Gi|T|Ti|P|Pi|E|Ei)?$' }, { type: 'number', minimum: 0 }] };
const resources = obj({
  requests: { type: 'object', additionalProperties: quantity, properties: {} },
  limits: { type: 'object', additionalProperties: quantity, properties: {} },
}, [], { description: 'Container resources (requests, limits).' });
const env = { type: 'object', description: 'Plain environment variables of this service (README "Configuration").', additionalProperties: { type: ['string', 'number', 'boolean'] }, propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' } };
const extraEnv = { type: 'array', description: 'Extra EnvVar objects (valueFrom ...).', items: { type: 'object', required: ['name'], properties: { name: str({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }) } } };
const envFrom = { type: 'array', description: 'EnvFromSource objects (whole Secrets or ConfigMaps as variables).', items: { type: 'object' } };
const autoscaling = (desc) => obj({
  enabled: bool(desc),
  minReplicas: int(1, 1000, { description: 'Fewest pods the autoscaler keeps.' }),
  maxReplicas: int(1, 1000, { description: 'Most pods the autoscaler starts (>= minReplicas).' }),
  targetCPUUtilizationPercentage: int(1, 100, { description: 'Average CPU use, in % of the CPU request, the autoscaler aims for.' }),
});
const pdb = obj({
  enabled: bool('A PodDisruptionBudget for this deployment.'),
  maxUnavailable: { oneOf: [int(1), str({ pattern: '^[0-9]{1,3}%$' })], description: 'Pods a voluntary disruption (node drain) may take down at once (a number or a percentage).' },
}, ['enabled', 'maxUnavailable'], { description: 'PodDisruptionBudget.' });
const component = (opts = {}) => {
  const props = {
    replicas: int(0, 1000, { description: 'Pods when autoscaling is off.' }),
    httpPort: { ...port, description: 'HTTP port (health; the public API on the gateway).' },
    resources, env, extraEnv, envFrom,
    autoscaling: autoscaling('A CPU HorizontalPodAutoscaler (replicas is then ignored).'),
    pdb,
    ...(opts.grpc ? { grpcPort: { ...port, description: 'gRPC port (API and grpc.health.v1).' } } : {}),
    ...(opts.extra ?? {}),
  };
  return obj(props, ['replicas', 'httpPort', 'resources', 'autoscaling', 'pdb', ...(opts.grpc ? ['grpcPort'] : []), ...(opts.required ?? [])]);
};
const urlBlock = (protocol, desc) => obj({
  url: str({ pattern: `^(${protocol})://.+`, description: desc }),
  existingSecret: str({ description: 'Read the URL from this Secret instead (when it carries credentials).' }),
  secretKey: str({ minLength: 1 }),
}, ['url', 'existingSecret', 'secretKey']);
const database = obj({
  secretKey: str({ minLength: 1, pattern: '^[-._a-zA-Z0-9]+$', description: 'Key of the URL in the Secret.' }),
  existingSecret: str({ description: 'This service\'s own Secret (default: databases.secretName).' }),
  url: { type: 'string', pattern: '^(|postgres(ql)?://.+)$', description: 'Only with databases.create (development).' },
});
const probe = (extra = {}) => obj({
  periodSeconds: int(1, 300, { description: 'Seconds between probes.' }),
  timeoutSeconds: int(1, 60, { description: 'Seconds a probe may take.' }),
  failureThreshold: int(1, 100, { description: 'Failed probes in a row before the kubelet acts (restart, or out of the endpoints).' }),
  ...extra,
});
const netpolPort = obj({
  port: { oneOf: [int(1, 65535), str({ pattern: '^[a-z0-9-]{1,15}$' })] },
  protocol: { enum: ['TCP', 'UDP', 'SCTP'] },
  endPort: int(1, 65535),
}, ['port']);
const egressBlock = (withPorts) => obj({
  to: { type: 'array', items: { type: 'object' }, description: 'NetworkPolicyPeers (pod/namespace selectors, ipBlocks); empty: any address.' },
  ...(withPorts ? { ports: { type: 'array', minItems: 1, items: netpolPort, description: 'Destination ports (the server pod\'s, not a Service\'s).' } } : {}),
});
/** A Prometheus duration (30s, 1m, 1m30s). */
const duration = '^([0-9]+(ms|s|m|h))+$';
const dns1123 = str({ pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$', maxLength: 253 });

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'exs chart values',
  type: 'object',
  additionalProperties: false,
  required: ['image', 'shutdown', 'databases', 'redis', 'nats', 'gateway', 'uploads', 'extractionApi', 'extractionWorker', 'billing', 'ratelimit', 'webhooks', 'dashboard', 'mcp', 'keda', 'migrations', 'probes', 'networkPolicy', 'tests'],
  properties: {
    global: { type: 'object' },
    image: obj({
      repository: str({ minLength: 1, description: 'Image repository (deploy/Dockerfile\'s image).' }),
      tag: str({ pattern: '^$|^[\\w][\\w.-]{0,127}$', description: 'Defaults to appVersion; exported as BUILD_ID.' }),
      digest: str({ pattern: '^$|^sha256:[a-f0-9]{64}$' }),
      pullPolicy: { enum: ['Always', 'IfNotPresent', 'Never'], description: 'Kubernetes imagePullPolicy.' },
    }, ['repository', 'pullPolicy']),
    imagePullSecrets: { type: 'array', description: 'Secrets ({name}) for pulling the image from a private registry.', items: { type: 'object', required: ['name'], properties: { name: str({ minLength: 1 }) } } },
    nameOverride: str({ maxLength: 40, description: 'Replaces the chart name in resource names and the app.kubernetes.io/name label.' }),
    fullnameOverride: str({ maxLength: 40, description: 'Replaces <release>-<chart> as the prefix of every resource name.' }),
    logLevel: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    commonLabels: { type: 'object', description: 'Labels added to every resource.', additionalProperties: { type: 'string' } },
    podAnnotations: { type: 'object', description: 'Annotations on every service pod.', additionalProperties: { type: 'string' } },
    podLabels: { type: 'object', description: 'Labels on every service pod.', additionalProperties: { type: 'string' } },
    nodeSelector: { type: 'object', description: 'nodeSelector of every pod (services and hooks).', additionalProperties: { type: 'string' } },
    tolerations: { type: 'array', description: 'Tolerations of every pod (services and hooks).', items: { type: 'object' } },
    affinity: { type: 'object', description: 'Affinity of every service pod.' },
    priorityClassName: str({ description: 'PriorityClass of every service pod (empty: the cluster default).' }),
    topologySpread: obj({
      enabled: bool('Spread each deployment\'s pods over topologyKey (ScheduleAnyway).'),
      topologyKey: str({ minLength: 1, description: 'Node label to spread over (hostname: nodes; topology.kubernetes.io/zone: zones).' }),
      maxSkew: int(1, undefined, { description: 'Largest allowed difference in pods between two domains.' }),
    }),
    shutdown: obj({
      preStopSleepSeconds: int(0, 60, { description: 'Sleep before SIGTERM so endpoints drop the pod first.' }),
      terminationGracePeriodSeconds: int(11, 3600, { description: 'Must exceed preStopSleepSeconds + the 10 s drain.' }),
    }),
    serviceAccount: obj({ create: bool('Create the pods\' ServiceAccount.'), name: str({ description: 'Its name (empty: the release\'s full name; with create=false, an existing account or "default").' }), annotations: { type: 'object', additionalProperties: { type: 'string' } } }),
    podSecurityContext: {
      type: 'object',
      description: 'Pod securityContext of every pod.',
      properties: {
        runAsNonRoot: { const: true, description: 'The services never run as root.' },
        runAsUser: int(1, undefined, { description: 'uid of the processes (the image\'s user is 1000).' }),
        runAsGroup: int(0, undefined, { description: 'gid of the processes.' }),
        fsGroup: int(0, undefined, { description: 'Group owning mounted volumes.' }),
        seccompProfile: { type: 'object', properties: { type: { type: 'string', description: 'Seccomp profile type (RuntimeDefault: the container runtime\'s).' } } },
      },
    },
    securityContext: {
      type: 'object',
      description: 'Container securityContext of every container.',
      properties: {
        allowPrivilegeEscalation: { type: 'boolean', description: 'setuid binaries cannot gain privileges.' },
        readOnlyRootFilesystem: { type: 'boolean', description: 'The image is read-only; /tmp is an emptyDir (tmpVolume).' },
        capabilities: { type: 'object', properties: { drop: { type: 'array', items: { type: 'string' }, description: 'Linux capabilities dropped.' } } },
      },
    },
    networkPolicy: obj({
      enabled: bool('NetworkPolicies for every pod of the release (ingress and egress).'),
      gatewayFrom: { type: 'array', items: { type: 'object' }, description: 'NetworkPolicyPeers allowed to reach the gateway (empty: all).' },
      healthFrom: { type: 'array', items: { type: 'object' }, description: 'NetworkPolicyPeers allowed to reach the HTTP (health, metrics) ports.' },
      egress: obj({
        dns: egressBlock(true),
        postgresql: egressBlock(true),
        redis: egressBlock(true),
        nats: egressBlock(true),
        objectStore: egressBlock(false),
        documentAi: egressBlock(false),
        otel: egressBlock(false),
        paymentProcessor: { ...egressBlock(false), description: 'Egress of billing to the payment processor\'s API (with PAYMENT_PROCESSOR stripe): `to` (empty: any public address).' },
        webhooks: obj({
          exceptIPv4: { type: 'array', items: str({ pattern: '^[0-9.]+/[0-9]{1,2}$' }), description: 'IPv4 ranges webhooks may not reach.' },
          exceptIPv6: { type: 'array', items: str({ pattern: '^[0-9a-fA-F:.]+/[0-9]{1,3}$' }), description: 'IPv6 ranges webhooks may not reach.' },
          ports: { type: 'array', items: netpolPort, description: 'Ports webhooks may reach (empty: any).' },
        }),
      }),
      extraEgress: { type: 'array', items: { type: 'object' }, description: 'More NetworkPolicyEgressRules for every deployment.' },
    }),
    tmpVolume: obj({ sizeLimit: quantity, medium: { enum: ['', 'Memory'], description: 'emptyDir medium of /tmp: empty for node disk, Memory for tmpfs (counts against the memory limit).' } }),
    probes: obj({
      startup: probe(),
      liveness: probe(),
      readiness: probe({ successThreshold: int(1, 10, { description: 'Passed probes in a row before a pod is ready again.' }) }),
    }),
    databases: (() => {
      const base = obj({
        secretName: { ...dns1123, description: 'Secret with one PostgreSQL URL per service.' },
        create: bool('Create secretName from the urls (development).'),
        gateway: database, uploads: database, extraction: database, billing: database, webhooks: database, dashboard: database,
      });
      const withUrl = { properties: { url: { type: 'string', pattern: '^postgres(ql)?://.+' } } };
      base.if = { properties: { create: { const: true } } };
      base.then = { properties: { gateway: withUrl, uploads: withUrl, extraction: withUrl, billing: withUrl, webhooks: withUrl } };
      return base;
    })(),
    redis: urlBlock('rediss?', 'Redis URL (ratelimit).'),
    nats: obj({
      url: str({ pattern: '^nats://.+' }),
      existingSecret: str(),
      secretKey: str({ minLength: 1 }),
      monitoringEndpoint: str({ pattern: '^[^/:]+:[0-9]+$', description: 'host:port of NATS monitoring (KEDA).' }),
      account: str({ minLength: 1 }),
      stream: obj({
        replicas: int(1, 5, { description: 'NATS_STREAM_REPLICAS: replicas of the JetStream streams (3 on a 3-node cluster).' }),
        storage: { enum: ['file', 'memory'], description: 'NATS_STREAM_STORAGE: where the streams keep messages; fixed once a stream exists.' },
      }),
    }),
    otel: obj({
      endpoint: str({ pattern: '^$|^https?://.+', description: 'OTLP/HTTP endpoint; empty: no export.' }),
      resourceAttributes: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
    }),
    metrics: obj({
      serviceMonitor: obj({
        enabled: bool('A PodMonitor (Prometheus Operator) scraping /metrics on every pod\'s HTTP port.'),
        interval: str({ pattern: duration }),
        scrapeTimeout: str({ pattern: duration }),
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      }),
      networkPolicy: obj({
        enabled: bool('Admit metrics.networkPolicy.from to every pod\'s HTTP port (/metrics) when network policies are on.'),
        from: { type: 'array', minItems: 1, items: { type: 'object' }, description: 'NetworkPolicyPeers of your Prometheus\' pods.' },
      }),
      prometheusRule: obj({
        enabled: bool('A PrometheusRule with the alerts of docs/operations.md "Alerts".'),
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        runbookUrl: str({ pattern: '^https?://' }),
        availabilityObjective: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        latencyP99Seconds: { type: 'number', exclusiveMinimum: 0 },
        extractLatencyP99Seconds: { type: 'number', exclusiveMinimum: 0 },
        queueBacklog: int(1),
        oldestJobSeconds: int(1),
        webhookFailureRatio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        reservationAgeSeconds: int(1),
      }),
      dashboard: obj({
        enabled: bool('A ConfigMap with the Grafana dashboard, labelled for Grafana\'s dashboard sidecar.'),
        label: str({ minLength: 1, maxLength: 63 }),
        labelValue: str({ maxLength: 63 }),
        folder: str(),
        namespace: { type: 'string', pattern: '^$|^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' },
      }),
    }),
    gateway: component({
      extra: {
        grpcPort: { ...port, description: 'The internal gRPC API (accounts and keys), served only with dashboard.enabled.' },
        service: obj({ type: { enum: ['ClusterIP', 'NodePort', 'LoadBalancer'] }, port: port, annotations: { type: 'object', additionalProperties: { type: 'string' } } }),
        ingress: obj({
          enabled: bool(), className: str(), annotations: { type: 'object', additionalProperties: { type: 'string' } },
          hosts: { type: 'array', items: obj({ host: str({ minLength: 1 }), paths: { type: 'array', minItems: 1, items: obj({ path: str({ pattern: '^/' }), pathType: { enum: ['Prefix', 'Exact', 'ImplementationSpecific'] } }) } }) },
          tls: { type: 'array', items: { type: 'object', properties: { secretName: str(), hosts: { type: 'array', items: str() } } } },
        }),
      },
      required: ['service', 'ingress', 'grpcPort'],
    }),
    uploads: component({
      grpc: true,
      extra: {
        store: obj({
          type: { enum: ['disk', 's3'] },
          disk: obj({ existingClaim: str(), sizeLimit: quantity }),
          s3: obj({ bucket: str(), region: str({ minLength: 1 }), endpoint: str({ pattern: '^$|^https?://.+' }), forcePathStyle: bool(), credentialsSecret: str() }),
        }),
      },
      required: ['store'],
    }),
    documentAi: obj({
      processor: str({ pattern: '^$|^projects/[^/\\s]+/locations/[a-z0-9-]+/processors/[^/\\s]+(/processorVersions/[^/\\s]+)?$', description: 'Document AI processor for OCR (docs/providers.md); empty: off.' }),
      endpoint: str({ pattern: '^$|^(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$', description: 'host[:port]; empty: the processor region\'s endpoint.' }),
      timeoutSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 600 },
      pagesPerRequest: int(1, 30),
      maxRequestMB: { type: 'number', exclusiveMinimum: 0, maximum: 40 },
      credentialsSecret: str({ description: 'Secret with a service-account key JSON; empty: the pod\'s ADC.' }),
      credentialsKey: str({ minLength: 1, pattern: '^[-._a-zA-Z0-9]+$' }),
    }),
    extractionApi: component({ grpc: true }),
    extractionWorker: component({
      required: ['jobGraceSeconds', 'terminationGracePeriodSeconds'],
      extra: {
        jobGraceSeconds: int(0, 3600, { description: 'SHUTDOWN_GRACE_SECONDS: on SIGTERM, how long a worker may finish the jobs it holds before handing them back.' }),
        terminationGracePeriodSeconds: int(11, 7200, { description: 'Of worker pods; must exceed shutdown.preStopSleepSeconds + jobGraceSeconds + the 10 s drain.' }),
      },
    }),
    billing: component({
      grpc: true,
      required: ['webhookIngress'],
      extra: {
        webhookIngress: obj({
          enabled: bool('An Ingress routing the payment processor\'s webhooks (/webhooks/<processor>) to billing\'s HTTP port.'),
          className: str(), annotations: { type: 'object', additionalProperties: { type: 'string' } },
          hosts: { type: 'array', items: obj({ host: str({ minLength: 1 }), paths: { type: 'array', minItems: 1, items: obj({ path: str({ pattern: '^/webhooks/[a-z][a-z0-9-]*$', description: 'A processor\'s webhook path only: billing\'s /metrics and health share the port.' }), pathType: { enum: ['Exact'] } }) } }) },
          tls: { type: 'array', items: { type: 'object', properties: { secretName: str(), hosts: { type: 'array', items: str() } } } },
          from: { type: 'array', items: { type: 'object' }, description: 'NetworkPolicyPeers allowed to reach billing\'s HTTP port (empty: all).' },
        }),
      },
    }),
    ratelimit: component({ grpc: true }),
    webhooks: component({ grpc: true }),
    dashboard: component({
      required: ['enabled', 'service', 'from', 'smtpEgress'],
      extra: {
        enabled: bool('Deploy the dashboard (services/dashboard, docs/dashboard.md); the gateway then serves its internal gRPC and /status probes it.'),
        service: obj({ type: { enum: ['ClusterIP', 'NodePort', 'LoadBalancer'] }, port: port, annotations: { type: 'object', additionalProperties: { type: 'string' } } }),
        from: { type: 'array', items: { type: 'object' }, description: 'NetworkPolicyPeers allowed to reach the dashboard (empty: all).' },
        smtpEgress: { ...egressBlock(true), description: 'Egress to the SMTP server: `to` (empty: any address) and its `ports`.' },
      },
    }),
    mcp: component({
      required: ['enabled', 'service', 'from', 'documentUrlPorts', 'ingress'],
      extra: {
        enabled: bool('Deploy the MCP server (services/mcp, docs/mcp.md); the gateway\'s /status then probes it.'),
        service: obj({ type: { enum: ['ClusterIP', 'NodePort', 'LoadBalancer'] }, port: port, annotations: { type: 'object', additionalProperties: { type: 'string' } } }),
        from: { type: 'array', items: { type: 'object' }, description: 'NetworkPolicyPeers allowed to reach the MCP endpoint (empty: all).' },
        documentUrlPorts: { type: 'array', items: port, description: 'Ports document URLs may be fetched on (public addresses only).' },
        ingress: obj({
          enabled: bool(), className: str(), annotations: { type: 'object', additionalProperties: { type: 'string' } },
          hosts: { type: 'array', items: obj({ host: str({ minLength: 1 }), paths: { type: 'array', minItems: 1, items: obj({ path: str({ pattern: '^/' }), pathType: { enum: ['Prefix', 'Exact', 'ImplementationSpecific'] } }) } }) },
          tls: { type: 'array', items: { type: 'object', properties: { secretName: str(), hosts: { type: 'array', items: str() } } } },
        }),
      },
    }),
    keda: obj({
      enabled: bool('Scale the extraction workers with a KEDA ScaledObject on JetStream consumer lag.'),
      minReplicas: int(0, 1000),
      maxReplicas: int(1, 1000),
      lagThreshold: int(1, 100000),
      activationLagThreshold: int(0, 100000),
      pollingInterval: int(1, 3600),
      cooldownPeriod: int(0, 86400),
      useHttps: bool(),
      fallbackReplicas: int(0, 1000),
    }),
    tests: obj({
      enabled: bool('A `helm test` pod calling /v1/health and /status through the gateway Service.'),
      timeoutSeconds: int(1, 3600, { description: 'How long the test pod retries.' }),
      resources,
    }),
    migrations: obj({
      enabled: bool(),
      backoffLimit: int(0, 20),
      activeDeadlineSeconds: int(30, 86400),
      ttlSecondsAfterFinished: int(0),
      resources,
    }),
  },
};
process.stdout.write(JSON.stringify(schema, null, 2) + '\n');
