{{/*
The deployments of the chart, in one place (the same layout as libs/stack/src/topology.ts):
  key       the values key of the deployment
  name      the Kubernetes name suffix (Deployment, Service, PDB, HPA)
  service   the workspace service it runs (SERVICE, the image's services/<service>)
  grpc      serves a gRPC API (the Service exposes it)
  database  owns a PostgreSQL database (DATABASE_URL, a migration Job)
  nats / redis  needs NATS / Redis
  clients   the services whose gRPC API it calls (<SERVICE>_GRPC_URL)
  (mcp, with mcp.enabled, calls the gateway's public HTTP API instead: EXS_API_URL)
  targets   EXTRACTION_TARGETS (extraction only)
*/}}
{{- define "exs.components" -}}
{{- /* The gateway serves gRPC (accounts and keys, internal) only for the dashboard. */}}
- { key: gateway, name: gateway, service: gateway, grpc: {{ .Values.dashboard.enabled }}, database: true, nats: false, redis: true, clients: [extraction, billing, ratelimit, uploads, webhooks] }
- { key: uploads, name: uploads, service: uploads, grpc: true, database: true, nats: false, redis: false, clients: [] }
- { key: extractionApi, name: extraction-api, service: extraction, grpc: true, database: true, nats: true, redis: false, clients: [uploads, billing, ratelimit], targets: api }
- { key: extractionWorker, name: extraction-worker, service: extraction, grpc: false, database: true, nats: true, redis: false, clients: [uploads, billing, ratelimit], targets: worker }
- { key: billing, name: billing, service: billing, grpc: true, database: true, nats: false, redis: false, clients: [] }
- { key: ratelimit, name: ratelimit, service: ratelimit, grpc: true, database: false, nats: false, redis: true, clients: [] }
- { key: webhooks, name: webhooks, service: webhooks, grpc: true, database: true, nats: true, redis: false, clients: [] }
{{- if .Values.dashboard.enabled }}
- { key: dashboard, name: dashboard, service: dashboard, grpc: false, database: true, nats: false, redis: true, clients: [gateway, billing, extraction, webhooks, ratelimit] }
{{- end }}
{{- if .Values.mcp.enabled }}
- { key: mcp, name: mcp, service: mcp, grpc: false, database: false, nats: false, redis: false, clients: [] }
{{- end }}
{{- end -}}

{{/* The services that own a database (one migration Job each). */}}
{{- define "exs.databaseServices" -}}
[gateway, uploads, extraction, billing, webhooks{{ if .Values.dashboard.enabled }}, dashboard{{ end }}]
{{- end -}}

{{/* The deployment that serves a service's gRPC API (callers' <SERVICE>_GRPC_URL). */}}
{{- define "exs.grpcComponent" -}}
{{- $m := dict "gateway" "gateway" "uploads" "uploads" "extraction" "extractionApi" "billing" "billing" "ratelimit" "ratelimit" "webhooks" "webhooks" -}}
{{- index $m . -}}
{{- end -}}

{{/* The gateway's public API inside the cluster (the MCP server's EXS_API_URL). */}}
{{- define "exs.gatewayUrl" -}}
{{- printf "http://%s:%v" (include "exs.componentName" (list . "gateway")) .Values.gateway.service.port -}}
{{- end -}}

{{- define "exs.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "exs.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* <fullname>-<suffix>, within the 63 characters of a DNS label. Call with (list $ "suffix"). */}}
{{- define "exs.componentName" -}}
{{- $root := index . 0 -}}
{{- $suffix := index . 1 -}}
{{- printf "%s-%s" (include "exs.fullname" $root | trunc (int (sub 62 (len $suffix)))) $suffix | trimSuffix "-" -}}
{{- end -}}

{{- define "exs.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "exs.imageTag" -}}
{{- default .Chart.AppVersion .Values.image.tag -}}
{{- end -}}

{{- define "exs.image" -}}
{{- if .Values.image.digest -}}
{{- if .Values.image.tag -}}
{{- printf "%s:%s@%s" .Values.image.repository .Values.image.tag .Values.image.digest -}}
{{- else -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- end -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (include "exs.imageTag" .) -}}
{{- end -}}
{{- end -}}

{{/* Common labels. Call with (list $ "component"). */}}
{{- define "exs.labels" -}}
{{- $root := index . 0 -}}
helm.sh/chart: {{ include "exs.chart" $root }}
app.kubernetes.io/name: {{ include "exs.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/version: {{ include "exs.imageTag" $root | trunc 63 | quote }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
app.kubernetes.io/part-of: exs
app.kubernetes.io/component: {{ index . 1 }}
{{- with $root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Selector labels. Call with (list $ "component"). */}}
{{- define "exs.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "exs.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "exs.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "exs.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The env var holding a service's database URL. Call with (list $ "service"). */}}
{{- define "exs.databaseEnv" -}}
{{- $root := index . 0 -}}
{{- $db := index $root.Values.databases (index . 1) -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ default $root.Values.databases.secretName $db.existingSecret | quote }}
      key: {{ $db.secretKey | quote }}
{{- end -}}

{{/* An env var from a {url, existingSecret, secretKey} block. Call with (list "NAME" block). */}}
{{- define "exs.urlEnv" -}}
{{- $block := index . 1 -}}
- name: {{ index . 0 }}
{{- if $block.existingSecret }}
  valueFrom:
    secretKeyRef:
      name: {{ $block.existingSecret | quote }}
      key: {{ $block.secretKey | quote }}
{{- else }}
  value: {{ $block.url | quote }}
{{- end }}
{{- end -}}

{{/* Pod-level security settings shared by deployments and migration jobs. */}}
{{- define "exs.podSecurity" -}}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Checks across values that JSON Schema cannot express well; fails the render with a clear message. */}}
{{- define "exs.validate" -}}
{{- $drain := 10 -}}
{{- if le (int .Values.shutdown.terminationGracePeriodSeconds) (add (int .Values.shutdown.preStopSleepSeconds) $drain) -}}
{{- fail (printf "shutdown.terminationGracePeriodSeconds (%d) must exceed shutdown.preStopSleepSeconds (%d) + the services' %d s drain" (int .Values.shutdown.terminationGracePeriodSeconds) (int .Values.shutdown.preStopSleepSeconds) $drain) -}}
{{- end -}}
{{- $w := .Values.extractionWorker -}}
{{- if le (int $w.terminationGracePeriodSeconds) (add (int .Values.shutdown.preStopSleepSeconds) (int $w.jobGraceSeconds) $drain) -}}
{{- fail (printf "extractionWorker.terminationGracePeriodSeconds (%d) must exceed shutdown.preStopSleepSeconds (%d) + extractionWorker.jobGraceSeconds (%d) + the %d s drain" (int $w.terminationGracePeriodSeconds) (int .Values.shutdown.preStopSleepSeconds) (int $w.jobGraceSeconds) $drain) -}}
{{- end -}}
{{- $u := .Values.uploads -}}
{{- if and (eq $u.store.type "disk") (not $u.store.disk.existingClaim) (or (gt (int $u.replicas) 1) $u.autoscaling.enabled) -}}
{{- fail "uploads: store.type=disk on an emptyDir serves one replica only; use store.type=s3, or a ReadWriteMany claim in uploads.store.disk.existingClaim" -}}
{{- end -}}
{{- if and (eq $u.store.type "s3") (not $u.store.s3.bucket) -}}
{{- fail "uploads.store.s3.bucket is required when uploads.store.type=s3" -}}
{{- end -}}
{{- if .Values.databases.create -}}
{{- range $svc := (include "exs.databaseServices" . | fromYamlArray) -}}
{{- if not (index $.Values.databases $svc).url -}}
{{- fail (printf "databases.%s.url is required when databases.create=true" $svc) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- range $c := (include "exs.components" . | fromYamlArray) -}}
{{- $v := index $.Values $c.key -}}
{{- if and $v.autoscaling.enabled (lt (int $v.autoscaling.maxReplicas) (int $v.autoscaling.minReplicas)) -}}
{{- fail (printf "%s.autoscaling.maxReplicas must be >= minReplicas" $c.key) -}}
{{- end -}}
{{- end -}}
{{- if and .Values.keda.enabled (lt (int .Values.keda.maxReplicas) (int .Values.keda.minReplicas)) -}}
{{- fail "keda.maxReplicas must be >= keda.minReplicas" -}}
{{- end -}}
{{- end -}}
